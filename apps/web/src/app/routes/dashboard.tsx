import { BrandDashboard } from '../../features/brand-profile/components/brand-dashboard';
import { InsightsHeadline } from '../../features/insights/components/insights-headline';
import { useInsightsHeadline } from '../../features/insights/hooks/use-insights-headline';
import { MediaDashboard } from '../../features/media-profile/components/media-dashboard';
import { useUser } from '../../lib/use-session';

/** /dashboard: brands and media users see different dashboards (spec section 2). */
export function DashboardRoute() {
  const user = useUser();
  return user.profile.type === 'brands' ? <BrandDashboardRoute /> : <MediaDashboard />;
}

function BrandDashboardRoute() {
  const brandId = useUser().profile.brands[0]?.id;
  const insights = useInsightsHeadline(brandId);
  return (
    <BrandDashboard childrenPending={brandId !== undefined && insights.isPending}>
      <InsightsHeadline brandId={brandId} />
    </BrandDashboard>
  );
}
