import type { InsightsResponse } from '@comped/shared/schemas/insights';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiParseEarly, earlyInitialData } from '../../../boot/early-request';
import { insightsPath } from './insights-request';

/**
 * GET brands/{id}/insights?from&to: the brand's figures, per campaign and in total, in one call. The
 * dashboard's headline may already be under way (boot/early-reads.ts): then its answer is taken.
 */
export function getInsights(brandId: number, from: string, to: string): Promise<InsightsResponse> {
  return apiParseEarly(insightsPath(brandId), 'insights', { from, to });
}

export const insightsKeys = {
  all: ['insights'] as const,
  range: (brandId: number, from: string, to: string) => [...insightsKeys.all, brandId, from, to] as const,
};

export const insightsQueryOptions = (brandId: number, from: string, to: string) =>
  queryOptions({
    queryKey: insightsKeys.range(brandId, from, to),
    queryFn: () => getInsights(brandId, from, to),
    ...earlyInitialData(insightsPath(brandId), 'insights', { from, to }, (answer) => answer),
  });

export function useInsights(brandId: number | undefined, from: string, to: string, enabled = true) {
  return useQuery({
    ...insightsQueryOptions(brandId ?? 0, from, to),
    enabled: enabled && brandId !== undefined,
    placeholderData: keepPreviousData,
  });
}
