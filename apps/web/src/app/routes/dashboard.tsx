import { BrandDashboard } from '../../features/brand-profile/components/brand-dashboard';
import { MediaDashboard } from '../../features/media-profile/components/media-dashboard';
import { useUser } from '../../lib/use-session';

/** /dashboard: brands and media users see different dashboards (spec section 2). */
export function DashboardRoute() {
  const user = useUser();
  return user.profile.type === 'brands' ? <BrandDashboard /> : <MediaDashboard />;
}
