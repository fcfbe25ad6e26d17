import type { Paged } from '@comped/shared/paging';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import type { InfiniteData } from '@tanstack/react-query';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { campaignKeys } from '../../../api/campaigns';
import { apiParseEarly, takeEarlyParsed } from '../../../boot/early-request';
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

/**
 * Page 1 as boot/early-campaigns.ts asked for it while the code downloaded, if it is already in: the
 * list then renders in the page's first pass, and the first card's photo paints with the heading
 * rather than one render later. Taken once, when the query is created.
 */
function earlyFirstPage(userId: number, filters: DiscoveryFilters) {
  let taken: { data: InfiniteData<Paged<CampaignResource>, CampaignPageParam>; updatedAt: number } | undefined;
  let asked = false;
  return () => {
    if (!asked) {
      asked = true;
      const { path, query } = mediaCampaignsRequest(userId, firstCampaignPage, filters);
      const early = takeEarlyParsed(path, 'campaignPage', query);
      taken = early && { data: { pages: [early.data], pageParams: [firstCampaignPage] }, updatedAt: early.updatedAt };
    }
    return taken;
  };
}

export function mediaCampaignsQueryOptions(userId: number, filters: DiscoveryFilters = {}) {
  const early = earlyFirstPage(userId, filters);
  return infiniteQueryOptions({
    queryKey: campaignKeys.list({ scope: 'media', userId, filters: discoveryQuery(filters) }),
    queryFn: ({ pageParam }) => getMediaCampaigns(userId, pageParam, filters),
    initialPageParam: firstCampaignPage,
    getNextPageParam: nextCampaignPage,
    // Called only when the query is created in the cache (a first visit), never on a later render.
    initialData: () => early()?.data,
    initialDataUpdatedAt: () => early()?.updatedAt,
  });
}

export function useMediaCampaigns(userId: number, filters: DiscoveryFilters = {}) {
  return useInfiniteQuery(mediaCampaignsQueryOptions(userId, filters));
}
