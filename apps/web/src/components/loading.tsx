import { Box, CircularProgress } from '@mui/material';
import { visuallyHidden } from '@mui/utils';

/**
 * A list or page still loading: a polite status region whose words say so (screen readers read
 * "Loading ..."), and a spinner that is decoration only (hidden from assistive technology).
 */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Box>
  );
}
