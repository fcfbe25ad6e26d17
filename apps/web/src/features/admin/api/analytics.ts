import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsEventName } from '@comped/shared/statuses';
import { api } from '../../../lib/api-client';

export interface AnalyticsAnswer {
  data: { day: string; name: AnalyticsEventName; count: number }[];
  meta: { from: string; to: string; events: AnalyticsEventName[]; totals: Record<AnalyticsEventName, number> };
}

/** GET admin/analytics?from&to: counts per event per day. */
export function getAnalytics(from: string, to: string): Promise<AnalyticsAnswer> {
  return api('admin/analytics', { query: { from, to } });
}

export const analyticsQueryOptions = (from: string, to: string) =>
  queryOptions({ queryKey: ['admin', 'analytics', from, to], queryFn: () => getAnalytics(from, to) });

export function useAnalytics(from: string, to: string, enabled: boolean) {
  return useQuery({ ...analyticsQueryOptions(from, to), enabled, placeholderData: keepPreviousData });
}
