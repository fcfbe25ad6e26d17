import { LIMITS } from '@comped/shared/limits';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';
import { firstCursorPage, nextCursorPage } from '../../../lib/cursor-paging';

/** The directory's filters as they are in the URL (and sent as `filter[...]` and `sort`). */
export interface CreatorFilters {
  type?: string;
  tier?: string;
  q?: string;
  near?: string;
  miles?: string;
  sort?: string;
}

/** GET brands/{id}/creators: one page of the directory (after `cursor`, the last creator shown). */
export function getCreatorsPage(brandId: number, filters: CreatorFilters, page: number, cursor?: number) {
  return apiParse(`brands/${brandId}/creators`, 'creatorPage', {
    query: {
      'page[number]': page,
      'page[cursor]': cursor,
      'page[size]': LIMITS.pageSize * 2,
      'filter[type]': filters.type || undefined,
      'filter[tier]': filters.tier || undefined,
      'filter[q]': filters.q || undefined,
      'filter[near]': filters.near || undefined,
      'filter[miles]': filters.near && filters.miles ? filters.miles : undefined,
      sort: filters.sort || undefined,
    },
  });
}

export function useCreators(brandId: number | undefined, filters: CreatorFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['creators', brandId, filters],
      queryFn: ({ pageParam }) => getCreatorsPage(brandId ?? 0, filters, pageParam.page, pageParam.cursor),
      initialPageParam: firstCursorPage,
      getNextPageParam: nextCursorPage,
      enabled: brandId !== undefined,
    }),
  );
}
