import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { createContext, lazy, Suspense, useCallback, useContext, useState } from 'react';

// Snackbar, Alert and their transitions load with the first message, not with /login.
const SnackbarView = lazy(() => import('./snackbar-view'));

type Severity = 'success' | 'error' | 'info' | 'warning';
export interface SnackbarMessage {
  id: number;
  text: string;
  severity: Severity;
  detail?: string;
}

const SnackbarContext = createContext<(text: string, severity?: Severity, detail?: string) => void>(() => undefined);

/**
 * One snackbar at a time, hidden after 4 seconds (spec section 9). The snackbar renders inside a
 * polite live region that stays in the page (WCAG 4.1.3): a region that appears with its text already
 * in it is often not read, one that is always there is. The alert itself has no role of its own, so
 * the text is announced once, politely, and exists once in the page.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<SnackbarMessage | null>(null);
  const show = useCallback((text: string, severity: Severity = 'success', detail?: string) => {
    setMessage({ id: Date.now(), text, severity, detail });
  }, []);
  return (
    <SnackbarContext.Provider value={show}>
      {children}
      <Box role="status" aria-live="polite" aria-atomic="true" data-testid="snackbar-region">
        <Suspense fallback={null}>
          {message ? <SnackbarView key={message.id} message={message} onClose={() => setMessage(null)} /> : null}
        </Suspense>
      </Box>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar() {
  return useContext(SnackbarContext);
}
