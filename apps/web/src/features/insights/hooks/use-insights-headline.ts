import { INSIGHTS_DASHBOARD_DAYS } from '@comped/shared/schemas/insights';

import { useInsights } from '../api/get-insights';
import { lastDays } from '../components/insights-format';

/** The dashboard's headline read: the brand's last 30 days (the route waits for it with the other sections). */
export function useInsightsHeadline(brandId: number | undefined) {
  const { from, to } = lastDays(INSIGHTS_DASHBOARD_DAYS);
  return useInsights(brandId, from, to);
}
