import { MSG } from '@comped/shared/messages';
import type { AlertProps } from '@mui/material';
import { Button } from '@mui/material';
import type { ReactNode } from 'react';

import { LazyAlert } from './lazy-alert';

interface LoadErrorProps {
  /** What could not be loaded, as the user reads it. */
  children?: ReactNode;
  /** Asks again (usually the query's `refetch`); without it the alert has no button. */
  onRetry?: () => unknown;
  /** `warning` for a part of a page that can do without its data (the dashboard's next visit). */
  severity?: Extract<AlertProps['severity'], 'error' | 'warning'>;
  sx?: AlertProps['sx'];
}

/**
 * The alert of a page or list whose data could not be loaded, with Try again. A `LazyAlert`, so a
 * page that paints without the shared MUI chunk (the campaigns list) can show it too.
 */
export function LoadError({ children = MSG.somethingWrongDot, onRetry, severity = 'error', sx }: LoadErrorProps) {
  return (
    <LazyAlert
      severity={severity}
      sx={sx}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={() => void onRetry()}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {children}
    </LazyAlert>
  );
}
