import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { formatTime12 } from '@comped/shared/time';
import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useAnswerProposal } from '../api/answer-proposal';
import { useConfirmVisit } from '../api/confirm-visit';
import { WRAPPING_CHIP_SX } from './chip-styles';
import { formatDate } from './format';

const errorText = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : MSG.somethingWrong);

/**
 * Media side of a pending request with another time from the brand: Accept or Decline (issue 30).
 * A proposed time that filled since (the server's 422) says so on the panel and leaves Decline.
 */
export function ProposalPanel({ booking, userId }: { booking: BookingResource; userId: number }) {
  const answer = useAnswerProposal(userId);
  const snackbar = useSnackbar();
  const [goneSlot, setGoneSlot] = useState<string | null>(null);
  const p = booking.proposal;
  if (!p || booking.status !== 'pending') return null;
  const slot = `${p.booking_date} ${p.booking_time}`;
  const gone = goneSlot === slot;
  const when = `${formatDate(p.booking_date)} at ${formatTime12(p.booking_time)}`;
  const reply = (kind: 'accept' | 'decline') =>
    answer.mutate(
      { bookingId: booking.id, answer: kind },
      {
        onSuccess: () => snackbar(kind === 'accept' ? `Accepted: your visit is on ${when}.` : 'Proposal declined.'),
        onError: (err) => {
          if (kind === 'accept' && err instanceof ApiError && err.isValidation) setGoneSlot(slot);
          else snackbar(errorText(err), 'error');
        },
      },
    );
  return (
    <Alert severity="info" icon={false} sx={{ width: '100%' }} data-testid="proposal">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {booking.campaign.brand.name} proposes {when}
      </Typography>
      {p.note ? <Typography variant="body2">&ldquo;{p.note}&rdquo;</Typography> : null}
      {gone ? (
        <Typography variant="body2" role="alert" sx={{ mt: 1, color: 'error.main', fontWeight: 600 }}>
          This time is no longer available. Decline it and your request stays open for {booking.campaign.brand.name} to
          answer.
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          variant="contained"
          size="small"
          onClick={() => reply('accept')}
          disabled={answer.isPending || gone}
          aria-label={`Accept the proposed time, ${when}`}
        >
          Accept
        </Button>
        <Button size="small" onClick={() => reply('decline')} disabled={answer.isPending}>
          Decline
        </Button>
      </Stack>
    </Alert>
  );
}

/** Media side: "I'm coming" with one tap, from 24 hours before an accepted visit (issue 30). */
export function ConfirmVisitButton({ booking, userId }: { booking: BookingResource; userId: number }) {
  const confirm = useConfirmVisit(userId);
  const snackbar = useSnackbar();
  if (booking.confirmed_at) {
    return <Chip color="success" variant="outlined" label="You confirmed you're coming" />;
  }
  if (!booking.can_confirm) return null;
  return (
    <Button
      variant="contained"
      color="success"
      disabled={confirm.isPending}
      onClick={() =>
        confirm.mutate(booking.id, {
          onSuccess: () => snackbar('Thanks! The venue knows you are coming.'),
          onError: (err) => snackbar(errorText(err), 'error'),
        })
      }
    >
      Confirm I&apos;m coming
    </Button>
  );
}

/** Brand side of an accepted visit: "Confirmed", or "Not confirmed" from 3 hours before (issue 30). */
export function AttendanceChip({ booking }: { booking: BookingResource }) {
  if (booking.attendance === 'confirmed') {
    return (
      <Chip
        size="small"
        label="Confirmed"
        sx={{ ...WRAPPING_CHIP_SX, bgcolor: '#e8f5e9', color: '#1b5e20', fontWeight: 600 }}
      />
    );
  }
  if (booking.attendance === 'not_confirmed') {
    return (
      <Chip
        size="small"
        label="Not confirmed"
        sx={{ ...WRAPPING_CHIP_SX, bgcolor: '#fff4e5', color: '#7a4100', fontWeight: 600 }}
      />
    );
  }
  return null;
}
