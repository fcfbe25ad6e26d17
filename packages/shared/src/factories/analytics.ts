import type { AnalyticsDayCount, AnalyticsResponse } from '../schemas/admin';
import { analyticsResponseSchema } from '../schemas/admin';
import { ANALYTICS_EVENTS } from '../statuses';

/**
 * `GET admin/analytics` for the given day counts: `meta.totals` sums them per event (every event
 * listed, zero included, as the API sends it) unless overridden. Checked by the shared schema.
 */
export function makeAnalytics(
  days: AnalyticsDayCount[] = [],
  meta: Partial<AnalyticsResponse['meta']> = {},
): AnalyticsResponse {
  const totals: Record<string, number> = Object.fromEntries(ANALYTICS_EVENTS.map((name) => [name, 0]));
  for (const { name, count } of days) totals[name] = (totals[name] ?? 0) + count;
  return analyticsResponseSchema.parse({
    data: days,
    meta: { from: '2026-02-01', to: '2026-03-02', events: [...ANALYTICS_EVENTS], totals, ...meta },
  });
}
