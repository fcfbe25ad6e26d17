import type { AnalyticsResponse } from '@comped/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

export type AnalyticsAnswer = AnalyticsResponse;

/** GET admin/analytics?from&to: counts per event per day. */
export function getAnalytics(from: string, to: string): Promise<AnalyticsAnswer> {
  return apiParse('admin/analytics', 'analytics', { query: { from, to } });
}

export const analyticsKeys = {
  all: ['admin', 'analytics'] as const,
  range: (from: string, to: string) => [...analyticsKeys.all, from, to] as const,
};

export const analyticsQueryOptions = (from: string, to: string) =>
  queryOptions({ queryKey: analyticsKeys.range(from, to), queryFn: () => getAnalytics(from, to) });

export function useAnalytics(from: string, to: string, enabled: boolean) {
  return useQuery({ ...analyticsQueryOptions(from, to), enabled, placeholderData: keepPreviousData });
}
