import { CssBaseline, ThemeProvider } from '@mui/material';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '../config/paths';
import { setUnauthenticatedHandler } from '../lib/api-client';
import { forgetOfflineData } from '../lib/pwa/offline-data';
import { SnackbarProvider } from '../lib/snackbar';
import { theme } from '../lib/theme';
import { SessionProvider } from '../lib/use-session';
import { PageCodeFirstRouter } from './page-code-first-router';
import { AppRoutes } from './router';

/**
 * Forgets the cached answers. The query client lives in the lazy routes' code (app/layouts/query-route.tsx);
 * if no page has loaded it yet there is nothing to forget, and the import is then a no-op.
 */
const clearQueries = () =>
  void import('../lib/query-client').then(
    (m) => m.clearAppQueries(),
    () => undefined,
  );

/**
 * The signed-out user's answers leave the device: the query cache and what a page kept for offline
 * use (the visit pass). At sign-out, at a 401, and when another tab signs out or in as someone else.
 */
const forgetUserData = () => {
  clearQueries();
  void forgetOfflineData();
};

/** A 401 anywhere: the session is already cleared; go to /login inside the app. */
function SignedOutRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthenticatedHandler(() => {
      forgetUserData();
      void navigate(paths.login.getHref(), { replace: true });
    });
  }, [navigate]);
  return null;
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SessionProvider onSignOut={forgetUserData}>
        <SnackbarProvider>
          <PageCodeFirstRouter>
            <SignedOutRedirect />
            <AppRoutes />
          </PageCodeFirstRouter>
        </SnackbarProvider>
      </SessionProvider>
    </ThemeProvider>
  );
}
