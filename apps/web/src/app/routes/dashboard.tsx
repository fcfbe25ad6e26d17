import { lazy } from 'react';

import { useUser } from '../../lib/use-session';
import { loadBrandDashboard, loadMediaDashboard } from '../dashboard-modules';

// The page's loader (route-modules.ts) has started the signed-in user's side beside this chunk.
const BrandDashboardRoute = lazy(() => loadBrandDashboard().then((c) => ({ default: c })));
const MediaDashboardRoute = lazy(() => loadMediaDashboard().then((c) => ({ default: c })));

/** /dashboard: brands and media users see different dashboards (spec section 2). */
export function DashboardRoute() {
  const user = useUser();
  return user.profile.type === 'brands' ? <BrandDashboardRoute /> : <MediaDashboardRoute />;
}
