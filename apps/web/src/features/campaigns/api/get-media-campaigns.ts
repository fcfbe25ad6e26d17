import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { campaignKeys, campaignPageSchema } from '../../../api/campaigns';
import { apiParse } from '../../../lib/api-client';
import { campaignPageQuery, firstCampaignPage, nextCampaignPage } from './paging';
import type { CampaignPageParam } from './paging';

/** The discovery filters, as the API names them (`filter[q]`, `filter[category]`, ...). */
export interface DiscoveryFilters {
  q?: string;
  category?: number[];
  near?: string;
  miles?: number;
  date?: string;
}

export function discoveryQuery(f: DiscoveryFilters): Record<string, string | undefined> {
  return {
    'filter[q]': f.q || undefined,
    'filter[category]': f.category?.length ? f.category.join(',') : undefined,
    'filter[near]': f.near || undefined,
    'filter[miles]': f.near && f.miles ? String(f.miles) : undefined,
    'filter[date]': f.date || undefined,
  };
}

/** GET influencers/{id}/campaigns: one page of the approved campaigns aimed at the media user. */
export function getMediaCampaigns(userId: number, param: CampaignPageParam, filters: DiscoveryFilters = {}) {
  return apiParse(`influencers/${userId}/campaigns`, campaignPageSchema, {
    query: { ...campaignPageQuery(param), ...discoveryQuery(filters) },
  });
}

export function mediaCampaignsQueryOptions(userId: number, filters: DiscoveryFilters = {}) {
  return infiniteQueryOptions({
    queryKey: campaignKeys.list({ scope: 'media', userId, filters: discoveryQuery(filters) }),
    queryFn: ({ pageParam }) => getMediaCampaigns(userId, pageParam, filters),
    initialPageParam: firstCampaignPage,
    getNextPageParam: nextCampaignPage,
  });
}

export function useMediaCampaigns(userId: number, filters: DiscoveryFilters = {}) {
  return useInfiniteQuery(mediaCampaignsQueryOptions(userId, filters));
}
