import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { RouteFocus } from '../components/route-focus';
import { paths } from '../config/paths';
import { guardRedirect } from '../lib/route-guard';
import { useSession } from '../lib/use-session';

/**
 * Applies lib/route-guard's rules to every route below it, and moves focus to each new page's heading
 * (RouteFocus comes after the page so the page has set its title when it runs).
 */
export function RouteGuard() {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  // A page left by signing out (here or in another tab) is not one to come back to: the next person
  // to sign in on this device may be someone else.
  const hadUser = useRef(false);
  if (user) hadUser.current = true;
  const guarded = guardRedirect(pathname, user, search);
  const target =
    !user && hadUser.current && guarded?.startsWith(`${paths.login.getHref()}?`) ? paths.login.getHref() : guarded;
  if (target && target !== pathname) return <Navigate to={target} replace />;
  return (
    <>
      <Outlet />
      <RouteFocus />
    </>
  );
}
