import type { ComponentType, ReactNode } from 'react';
import { Suspense } from 'react';
import { createRoutesFromElements, Navigate, Route, useRoutes } from 'react-router';

import { Loading } from '../components/loading';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { paths } from '../config/paths';
import { lazyPart } from '../lib/lazy-part';
import { RouteGuard } from './route-guard';
import type { LazyPageName } from './route-modules';
import { isPublicPage, loadAppShell, loadedPart, loadQueryRoute, pageModules } from './route-modules';
import { LoginRoute } from './routes/login';

/**
 * Every screen of spec section 2; unknown paths go to /login. React Router's declarative routes
 * (docs/decisions/014-declarative-routes.md): the data router's own code was half of React Router's
 * download, for loaders and actions the app does not use. Each screen is its own lazy chunk
 * (React.lazy), so /login downloads only what /login shows: date pickers, the wizard and the
 * checkout (with Stripe) arrive with their routes. /login itself, the front door, is part of the
 * entry: a lazy chunk there costs a round trip after the entry ran, before anything paints; its
 * validation (zod) still loads on first focus, and TanStack Query comes with every other page's lazy
 * layout route (app/layouts/query-route.tsx; docs/performance.md, "The front door").
 *
 * A first load asks for the page's parts before React starts (boot/early-start.ts), so the nested lazy
 * parts (query route, shell, page) do not download one after another. After a navigation the current
 * page stays until the next one's code is in (app/page-code-first-router.tsx).
 */
/** One lazy part per module: paths that show the same page (/bookings and /bookings/:tab) share it. */
const parts = new Map<() => Promise<ComponentType>, ComponentType>();

/**
 * A route's lazy part (lib/lazy-part.tsx), inside the routes' Suspense boundary. Its code is usually
 * in when it first renders: main.tsx waits for the first page's parts before the first render, and
 * app/page-code-first-router.tsx for the next page's after a link.
 *
 * Two paths of one page get the same component, so moving between them (a tab that changes the URL)
 * keeps the page, its state and the focus on the tab, instead of mounting it again.
 */
function routePart(load: () => Promise<ComponentType>): ComponentType {
  let part = parts.get(load);
  if (!part) {
    // A failed download is the route's error (components/route-error-boundary.tsx).
    part = lazyPart(load, () => loadedPart(load));
    parts.set(load, part);
  }
  return part;
}

const QueryRoute = routePart(loadQueryRoute);
const AppShell = routePart(loadAppShell);
const lazyPages = (Object.keys(pageModules) as LazyPageName[]).map((name) => ({
  name,
  path: paths[name].path,
  Page: routePart(pageModules[name]),
}));
const publicRoutes = lazyPages.filter((p) => isPublicPage(p.name));
const signedInRoutes = lazyPages.filter((p) => !isPublicPage(p.name));

/** The first load of a lazy page (every page but /login): a spinner while its code downloads, not a blank page. */
function FirstLoad() {
  return <Loading label="Loading Comped" />;
}

/** A route's element with its error screen (components/route-error-boundary.tsx). */
function guarded(element: ReactNode) {
  return <RouteErrorBoundary>{element}</RouteErrorBoundary>;
}

/** The routes, made once: React Router compiles every route's pattern each time it is handed them. */
const routes = createRoutesFromElements(
  <>
    <Route element={<RouteGuard />}>
      <Route path={paths.login.path} element={guarded(<LoginRoute />)} />
      {/* The query client for every other page (TanStack Query is not part of /login's download). */}
      <Route element={guarded(<QueryRoute />)}>
        {publicRoutes.map(({ name, path, Page }) => (
          <Route key={name} path={path} element={guarded(<Page />)} />
        ))}
        {/* The signed-in frame (app bar, navigation drawer), not part of /login's download either. */}
        <Route element={guarded(<AppShell />)}>
          {signedInRoutes.map(({ name, path, Page }) => (
            <Route key={name} path={path} element={guarded(<Page />)} />
          ))}
        </Route>
      </Route>
    </Route>
    <Route path="*" element={<Navigate to={paths.login.getHref()} replace />} />
  </>,
);

/**
 * The routes are matched here, above the Suspense boundary: a lazy part that arrives redraws the
 * routes below it, and matching (a pattern compiled for each route) waits for the next navigation.
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FirstLoad />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
