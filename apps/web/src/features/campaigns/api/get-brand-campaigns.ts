import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Paged } from '@comped/shared/paging';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';
import { campaignPageQuery, firstCampaignPage, nextCampaignPage } from './paging';
import type { CampaignPageParam } from './paging';

/** The brand's three tabs and the `filter[status]` each asks for. */
export const BRAND_TABS = [
  { key: 'approved', label: 'Approved', filter: 'approved' },
  { key: 'drafts', label: 'In review & drafts', filter: 'review,draft' },
  { key: 'expired', label: 'Expired', filter: 'expired' },
] as const;
export type BrandTabKey = (typeof BRAND_TABS)[number]['key'];

/** GET brands/{id}/campaigns?filter[status]=...: one page of the brand's own campaigns. */
export function getBrandCampaigns(brandId: number, filter: string, param: CampaignPageParam) {
  return api<Paged<CampaignResource>>(`brands/${brandId}/campaigns`, {
    query: { ...campaignPageQuery(param), 'filter[status]': filter },
  });
}

export function brandCampaignsQueryOptions(brandId: number, filter: string) {
  return infiniteQueryOptions({
    queryKey: ['campaigns', 'brand', brandId, filter],
    queryFn: ({ pageParam }) => getBrandCampaigns(brandId, filter, pageParam),
    initialPageParam: firstCampaignPage,
    getNextPageParam: nextCampaignPage,
  });
}

export function useBrandCampaigns(brandId: number, filter: string) {
  return useInfiniteQuery(brandCampaignsQueryOptions(brandId, filter));
}
