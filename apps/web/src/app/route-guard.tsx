import { Navigate, Outlet, useLocation } from 'react-router';

import { RouteFocus } from '../components/route-focus';
import { guardRedirect } from '../lib/route-guard';
import { useSession } from '../lib/use-session';

/**
 * Applies lib/route-guard's rules to every route below it, and moves focus to each new page's heading
 * (RouteFocus comes after the page so the page has set its title when it runs).
 */
export function RouteGuard() {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  const target = guardRedirect(pathname, user, search);
  if (target && target !== pathname) return <Navigate to={target} replace />;
  return (
    <>
      <Outlet />
      <RouteFocus />
    </>
  );
}
