import type { AlertProps } from '@mui/material';
// Box from its own module: MUI's index imports Alert, the part this component loads only when shown.
import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';

/** MUI's standard alert colours, for the plain alert below. */
const PLAIN_COLORS: Record<NonNullable<AlertProps['severity']>, string> = {
  error: '#fdeded',
  warning: '#fff4e5',
  info: '#e5f6fd',
  success: '#edf7ed',
};

/**
 * The alert's words and action without MUI's Alert: what shows when Alert's code cannot be fetched
 * (offline, the very moment a list fails to load), rather than an error screen.
 */
function PlainAlert({ severity = 'success', action, children, sx }: AlertProps) {
  return (
    <Box
      role="alert"
      sx={[
        {
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1,
          px: 2,
          py: 1.5,
          borderRadius: 1,
          bgcolor: PLAIN_COLORS[severity],
          color: 'text.primary',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box sx={{ flex: 1 }}>{children}</Box>
      {action}
    </Box>
  );
}

const Alert = lazy(() => import('@mui/material/Alert').catch(() => ({ default: PlainAlert })));

/**
 * MUI's Alert, fetched when one is first shown. The pages that paint without the shared `mui` chunk
 * (the signed-in shell and the list of campaigns: docs/performance.md, "The first card") show alerts only now and
 * then (a failed load, a pending tier check), so they do not download Alert, Paper and IconButton up
 * front. It appears as soon as its code is in; a live region announces it then. Should that code not
 * come (offline), the same words and action show in a plain alert.
 */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
