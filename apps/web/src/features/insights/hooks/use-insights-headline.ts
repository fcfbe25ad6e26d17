import { useInsights } from '../api/get-insights';
import { DASHBOARD_INSIGHTS_DAYS, lastDays } from '../api/insights-request';

/** The dashboard's headline read: the brand's last 30 days (the route waits for it with the other sections). */
export function useInsightsHeadline(brandId: number | undefined) {
  const { from, to } = lastDays(DASHBOARD_INSIGHTS_DAYS);
  return useInsights(brandId, from, to);
}
