import { CssBaseline, ThemeProvider } from '@mui/material';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthenticatedHandler } from '../lib/api-client';
import { SnackbarProvider } from '../lib/snackbar';
import { theme } from '../lib/theme';
import { SessionProvider } from '../lib/use-session';
import { createRouter } from './router';

/**
 * Forgets the cached answers. The query client lives in the lazy routes' code (app/query-route.tsx);
 * if no page has loaded it yet there is nothing to forget, and the import is then a no-op.
 */
const clearQueries = () =>
  void import('../lib/query-client').then(
    (m) => m.clearAppQueries(),
    () => undefined,
  );

export function App() {
  const router = useMemo(() => {
    const r = createRouter();
    // A 401 anywhere: the session is already cleared; go to /login inside the app.
    setUnauthenticatedHandler(() => {
      clearQueries();
      void r.navigate('/login', { replace: true });
    });
    return r;
  }, []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SessionProvider onSignOut={clearQueries}>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </SessionProvider>
    </ThemeProvider>
  );
}
