import { Stack } from '@mui/material';

import { BrandDashboard } from '../../features/brand-profile/components/brand-dashboard';
import { InsightsHeadline } from '../../features/insights/components/insights-headline';
import { MediaDashboard } from '../../features/media-profile/components/media-dashboard';
import { useUser } from '../../lib/use-session';

/** /dashboard: brands and media users see different dashboards (spec section 2). */
export function DashboardRoute() {
  const user = useUser();
  if (user.profile.type !== 'brands') return <MediaDashboard />;
  return (
    <Stack spacing={3}>
      <BrandDashboard />
      <InsightsHeadline brandId={user.profile.brands[0]?.id} />
    </Stack>
  );
}
