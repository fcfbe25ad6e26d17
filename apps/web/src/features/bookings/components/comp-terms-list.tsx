import type { BookingResource } from '@comped/shared/schemas/resources';
import { Box, Typography } from '@mui/material';

import { compTermsOf } from './comp-terms';

/** What the comp covers, as a short list (the brand's check-in screen, the booking card; issue 30). */
export function CompTermsList({
  booking,
  title = 'What the comp covers',
}: {
  booking: BookingResource;
  title?: string;
}) {
  const terms = compTermsOf(booking);
  if (terms.includes.length === 0 && !terms.guests && !(terms.value && terms.value.label !== 'Compensation')) {
    return null;
  }
  return (
    <Box sx={{ mt: 2 }} data-testid="comp-terms">
      <Typography variant="subtitle2" component="p">
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { py: 0.25 } }}>
        {terms.includes.map((line) => (
          <li key={line}>
            <Typography variant="body2">{line}</Typography>
          </li>
        ))}
        {terms.value ? (
          <li>
            <Typography variant="body2">
              {terms.value.label}: <strong>{terms.value.amount}</strong>
            </Typography>
          </li>
        ) : null}
        {terms.guests ? (
          <li>
            <Typography variant="body2">{terms.guests}</Typography>
          </li>
        ) : null}
      </Box>
    </Box>
  );
}
