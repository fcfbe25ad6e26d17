import { MediaDashboard } from '../../features/media-profile/components/media-dashboard';

/** A media user's /dashboard. */
export function MediaDashboardRoute() {
  return <MediaDashboard />;
}
