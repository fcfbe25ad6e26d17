import { Navigate, Outlet, useLocation } from 'react-router';
import { guardRedirect } from '../lib/route-guard';
import { useSession } from '../lib/use-session';

/** Applies lib/route-guard's rules to every route below it. */
export function RouteGuard() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const target = guardRedirect(pathname, user);
  if (target && target !== pathname) return <Navigate to={target} replace />;
  return <Outlet />;
}
