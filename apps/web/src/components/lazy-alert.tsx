import type { AlertProps } from '@mui/material';
import { lazy, Suspense } from 'react';

const Alert = lazy(() => import('@mui/material/Alert'));

/**
 * MUI's Alert, fetched when one is first shown. The pages that paint without the shared `mui` chunk
 * (the signed-in shell and the list of campaigns: docs/performance.md, Web) show alerts only now and
 * then (a failed load, a pending tier check), so they do not download Alert, Paper and IconButton up
 * front. It appears as soon as its code is in; a live region announces it then.
 */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
