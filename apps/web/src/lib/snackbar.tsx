import { Alert, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useState } from 'react';
import type { ReactNode } from 'react';
import { LIMITS } from '@comped/shared/limits';

type Severity = 'success' | 'error' | 'info' | 'warning';
interface SnackbarMessage {
  id: number;
  text: string;
  severity: Severity;
  detail?: string;
}

const SnackbarContext = createContext<(text: string, severity?: Severity, detail?: string) => void>(() => undefined);

/** One snackbar at a time, hidden after 4 seconds (spec section 9). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<SnackbarMessage | null>(null);
  const show = useCallback((text: string, severity: Severity = 'success', detail?: string) => {
    setMessage({ id: Date.now(), text, severity, detail });
  }, []);
  return (
    <SnackbarContext.Provider value={show}>
      {children}
      <Snackbar
        key={message?.id}
        open={!!message}
        autoHideDuration={LIMITS.snackbarMs}
        onClose={(_e, reason) => reason !== 'clickaway' && setMessage(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {message ? (
          <Alert severity={message.severity} variant="filled" onClose={() => setMessage(null)} sx={{ width: '100%' }}>
            {message.text}
            {message.detail ? <div>{message.detail}</div> : null}
          </Alert>
        ) : undefined}
      </Snackbar>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar() {
  return useContext(SnackbarContext);
}
