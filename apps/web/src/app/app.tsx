import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError, setUnauthenticatedHandler } from '../lib/api-client';
import { SnackbarProvider } from '../lib/snackbar';
import { theme } from '../lib/theme';
import { SessionProvider } from '../lib/use-session';
import { createRouter } from './router';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (403, 404, 422) will not change on a retry.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
}

export function App() {
  const queryClient = useMemo(makeQueryClient, []);
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
