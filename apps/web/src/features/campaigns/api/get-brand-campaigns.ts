import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { campaignKeys, getBrandCampaigns } from '../../../api/campaigns';
import type { CampaignPageParam } from './paging';
import { campaignPageQuery, firstCampaignPage, nextCampaignPage } from './paging';

/** The brand's three tabs and the `filter[status]` each asks for. */
export const BRAND_TABS = [
  { key: 'approved', label: 'Approved', filter: 'approved' },
  { key: 'drafts', label: 'In review & drafts', filter: 'review,draft' },
  { key: 'expired', label: 'Expired', filter: 'expired' },
] as const;
export type BrandTabKey = (typeof BRAND_TABS)[number]['key'];

/** GET brands/{id}/campaigns?filter[status]=...: one page of the brand's own campaigns. */
export function getBrandCampaignsPage(brandId: number, filter: string, param: CampaignPageParam) {
  return getBrandCampaigns(brandId, { ...campaignPageQuery(param), 'filter[status]': filter });
}

export function brandCampaignsQueryOptions(brandId: number, filter: string) {
  return infiniteQueryOptions({
    queryKey: campaignKeys.list({ scope: 'brand', brandId, filter }),
    queryFn: ({ pageParam }) => getBrandCampaignsPage(brandId, filter, pageParam),
    initialPageParam: firstCampaignPage,
    getNextPageParam: nextCampaignPage,
  });
}

export function useBrandCampaigns(brandId: number, filter: string) {
  return useInfiniteQuery(brandCampaignsQueryOptions(brandId, filter));
}
