import { BrandDashboard } from '../../features/brand-profile/components/brand-dashboard';
import { InsightsHeadline } from '../../features/insights/components/insights-headline';
import { useInsightsHeadline } from '../../features/insights/hooks/use-insights-headline';
import { useUser } from '../../lib/use-session';

/** A brand's /dashboard: its sections, then the last 30 days' figures, all painted together. */
export function BrandDashboardRoute() {
  const brandId = useUser().profile.brands[0]?.id;
  const insights = useInsightsHeadline(brandId);
  return (
    <BrandDashboard childrenPending={brandId !== undefined && insights.isPending}>
      <InsightsHeadline brandId={brandId} />
    </BrandDashboard>
  );
}
