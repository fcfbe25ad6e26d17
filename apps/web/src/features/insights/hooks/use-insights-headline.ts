import { INSIGHTS_DASHBOARD_DAYS } from '@comped/shared/insights-days';

import { useInsights } from '../api/get-insights';
import { lastDays } from '../api/insights-request';

/** The dashboard's headline read: the brand's last 30 days (the route waits for it with the other sections). */
export function useInsightsHeadline(brandId: number | undefined) {
  const { from, to } = lastDays(INSIGHTS_DASHBOARD_DAYS);
  return useInsights(brandId, from, to);
}
