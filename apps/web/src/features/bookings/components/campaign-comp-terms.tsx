import { guestPolicyLabel } from '@comped/shared/guest-policy';
import { LIMITS } from '@comped/shared/limits';
import type { CampaignBookingResource } from '@comped/shared/schemas/resources';
import { Box, Typography } from '@mui/material';

/** A campaign's comp terms (issue 30) on the request form: what is included, the allowance, the guests. */
export function CampaignCompTerms({ booking }: { booking: CampaignBookingResource | null | undefined }) {
  if (!booking) return null;
  const includes = booking.includes ?? [];
  const policy = guestPolicyLabel(booking.guest_policy, booking.max_guests ?? LIMITS.maxGuestsDefault);
  if (includes.length === 0 && !booking.allowance && !policy) return null;
  return (
    <Box data-testid="comp-terms">
      <Typography variant="subtitle2" component="h2">
        What the comp covers
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {includes.map((line) => (
          <li key={line}>
            <Typography variant="body2">{line}</Typography>
          </li>
        ))}
        {booking.allowance ? (
          <li>
            <Typography variant="body2">Allowance up to ${booking.allowance}</Typography>
          </li>
        ) : null}
        {policy ? (
          <li>
            <Typography variant="body2">{policy}</Typography>
          </li>
        ) : null}
      </Box>
    </Box>
  );
}
