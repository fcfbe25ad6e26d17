import type { AlertProps } from '@mui/material';
import { Button } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { LazyAlert } from './lazy-alert';

/**
 * A page's record that does not exist or is not the user's (a 404 or 403): what was not found and a
 * way back to the list it belongs to, not a Try again that cannot help.
 */
export function NotFoundAlert({
  children,
  backTo,
  backLabel,
  severity = 'warning',
}: {
  children: ReactNode;
  backTo: string;
  backLabel: string;
  severity?: Extract<AlertProps['severity'], 'error' | 'warning'>;
}) {
  return (
    <LazyAlert
      severity={severity}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={backTo}>
          {backLabel}
        </Button>
      }
    >
      {children}
    </LazyAlert>
  );
}
