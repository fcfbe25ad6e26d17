import { LIMITS } from '@comped/shared/limits';
import { Alert, Snackbar } from '@mui/material';

import type { SnackbarMessage } from './snackbar';

/** The visible snackbar of lib/snackbar.tsx, in its own chunk: /login's first download has none to show. */
export default function SnackbarView({ message, onClose }: { message: SnackbarMessage; onClose: () => void }) {
  return (
    <Snackbar
      open
      autoHideDuration={LIMITS.snackbarMs}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert role="presentation" severity={message.severity} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {message.text}
        {message.detail ? <div>{message.detail}</div> : null}
      </Alert>
    </Snackbar>
  );
}
