import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { ErrorScreen } from '../components/error-screen';
import { Loading } from '../components/loading';
import { paths } from '../config/paths';
import { RouteGuard } from './route-guard';
import { loadAppShell, loadQueryRoute, publicPages, signedInPages } from './route-modules';
import { LoginRoute } from './routes/login';

/**
 * Every screen of spec section 2; unknown paths go to /login. Each screen is its own lazy chunk
 * (React Router `lazy`), so /login downloads only what /login shows: date pickers, the wizard and
 * the checkout (with Stripe) arrive with their routes. /login itself, the front door, is part of the
 * entry: a lazy chunk there costs a round trip after the entry ran, before anything paints (Lighthouse
 * LCP 3.4 s -> 1.9 s); its validation (zod) still loads on first focus, and TanStack Query comes with
 * every other page's lazy layout route (app/query-route.tsx; docs/performance.md, Web).
 */
/**
 * Gives every route its error element (ErrorScreen, never React Router's developer screen). On a
 * route inside the signed-in shell the error shows in the shell's outlet, so the sidebar stays usable.
 */
function withErrorScreen(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({ errorElement: <ErrorScreen />, ...route }) as RouteObject);
}

/** A screen in its own chunk (React Router `lazy`): downloaded on its first visit. */
function page(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: () => load().then((Component) => ({ Component })) };
}

function FirstLoad() {
  return <Loading label="Loading Comped" />;
}

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RouteGuard />,
      errorElement: <ErrorScreen />,
      // The first load of a lazy page (every page but /login): a spinner while its code downloads, not
      // a blank page (on a phone about 0.7 s sooner than the page itself: docs/performance.md, Web).
      // Later navigations keep the current page until the next one is ready.
      HydrateFallback: FirstLoad,
      children: withErrorScreen([
        { path: paths.login, Component: LoginRoute },
        {
          // The query client for every other page (TanStack Query is not part of /login's download).
          lazy: () => loadQueryRoute().then((Component) => ({ Component })),
          children: withErrorScreen([
            ...publicPages.map((p) => page(p.path, p.load)),
            {
              // The signed-in frame (app bar, navigation drawer) is not part of /login's download either.
              lazy: () => loadAppShell().then((Component) => ({ Component })),
              children: withErrorScreen(signedInPages.map((p) => page(p.path, p.load))),
            },
          ]),
        },
      ]),
    },
    { path: '*', element: <Navigate to={paths.login} replace />, errorElement: <ErrorScreen /> },
  ]);
}
