import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { campaignKeys } from '../../../api/campaigns';
import { apiParseEarly, earlyInitialData } from '../../../boot/early-request';
import { mediaCampaignsPath } from './media-campaigns-request';
import type { CampaignPageParam } from './paging';
import { campaignPageQuery, firstCampaignPage, nextCampaignPage } from './paging';

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

/**
 * The path and query of one page: the fetcher's, and the early first page's (boot/early-campaigns.ts
 * asks for the same URL: without filters, the page's own query).
 */
function mediaCampaignsRequest(userId: number, param: CampaignPageParam, filters: DiscoveryFilters) {
  return { path: mediaCampaignsPath(userId), query: { ...campaignPageQuery(param), ...discoveryQuery(filters) } };
}

/**
 * GET influencers/{id}/campaigns: one page of the approved campaigns aimed at the media user. The
 * first page may already be under way (boot/early-campaigns.ts): then its answer is taken.
 */
export function getMediaCampaigns(userId: number, param: CampaignPageParam, filters: DiscoveryFilters = {}) {
  const { path, query } = mediaCampaignsRequest(userId, param, filters);
  return apiParseEarly(path, 'campaignPage', query);
}

export function mediaCampaignsQueryOptions(userId: number, filters: DiscoveryFilters = {}) {
  const first = mediaCampaignsRequest(userId, firstCampaignPage, filters);
  return infiniteQueryOptions({
    queryKey: campaignKeys.list({ scope: 'media', userId, filters: discoveryQuery(filters) }),
    queryFn: ({ pageParam }) => getMediaCampaigns(userId, pageParam, filters),
    initialPageParam: firstCampaignPage,
    getNextPageParam: nextCampaignPage,
    // Page 1 as boot/early-campaigns.ts asked for it while the code downloaded, if it is already in:
    // the list then renders in the page's first pass, the first card's photo with the heading.
    ...earlyInitialData(first.path, 'campaignPage', first.query, (answer) => ({
      pages: [answer],
      pageParams: [firstCampaignPage],
    })),
  });
}

export function useMediaCampaigns(userId: number, filters: DiscoveryFilters = {}) {
  return useInfiniteQuery(mediaCampaignsQueryOptions(userId, filters));
}
