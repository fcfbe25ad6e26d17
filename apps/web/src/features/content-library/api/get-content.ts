import { LIMITS } from '@comped/shared/limits';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { getBrandCampaigns } from '../../../api/campaigns';
import { apiParse } from '../../../lib/api-client';

/** The library's filters as they are in the URL. */
export interface ContentFilters {
  campaign?: string;
  type?: string;
  network?: string;
  from?: string;
  to?: string;
  favourite?: string;
}

export function contentQuery(filters: ContentFilters) {
  return {
    'filter[campaign_id]': filters.campaign || undefined,
    'filter[type]': filters.type || undefined,
    'filter[network]': filters.network || undefined,
    'filter[favourite]': filters.favourite ? '1' : undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

export const contentKeys = { all: ['content'] as const };

/** GET brands/{id}/content: one page of the library, newest first. */
export function getContentPage(brandId: number, filters: ContentFilters, page: number) {
  return apiParse(`brands/${brandId}/content`, 'contentPage', {
    query: { 'page[number]': page, 'page[size]': LIMITS.pageSize * 2, ...contentQuery(filters) },
  });
}

export function useContent(brandId: number | undefined, filters: ContentFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...contentKeys.all, brandId, filters],
      queryFn: ({ pageParam }) => getContentPage(brandId ?? 0, filters, pageParam),
      initialPageParam: 1,
      getNextPageParam: (last) =>
        last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
      enabled: brandId !== undefined,
    }),
  );
}

/** The brand's live and past campaigns, for the campaign filter. */
export function useContentCampaigns(brandId: number | undefined) {
  return useQuery({
    queryKey: ['campaigns', 'list', { scope: 'brand', brandId, filter: 'approved,expired', for: 'content' }],
    queryFn: () => getBrandCampaigns(brandId ?? 0, { 'filter[status]': 'approved,expired', 'page[size]': 50 }),
    enabled: brandId !== undefined,
  });
}
