import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthenticatedHandler } from '../lib/api-client';
import { makeQueryClient } from '../lib/query-client';
import { SnackbarProvider } from '../lib/snackbar';
import { theme } from '../lib/theme';
import { SessionProvider } from '../lib/use-session';
import { createRouter } from './router';

export function App() {
  const queryClient = useMemo(() => makeQueryClient(), []);
  const router = useMemo(() => {
    const r = createRouter();
    // A 401 anywhere: the session is already cleared; go to /login inside the app.
    setUnauthenticatedHandler(() => {
      queryClient.clear();
      void r.navigate('/login', { replace: true });
    });
    return r;
  }, [queryClient]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SessionProvider onSignOut={() => queryClient.clear()}>
          <SnackbarProvider>
            <RouterProvider router={router} />
          </SnackbarProvider>
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
