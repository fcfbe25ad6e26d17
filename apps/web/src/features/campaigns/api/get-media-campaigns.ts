import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { Paged } from '@comped/shared/paging';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { campaignKeys, campaignPageSchema } from '../../../api/campaigns';
import { apiParse, takeEarlyParsed } from '../../../lib/api-client';
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

/** The path and query of one page of a media user's campaigns: the fetcher's and the early answer's. */
function mediaCampaignsRequest(userId: number, param: CampaignPageParam, filters: DiscoveryFilters) {
  return {
    path: `influencers/${userId}/campaigns`,
    query: { ...campaignPageQuery(param), ...discoveryQuery(filters) },
  };
}

/** GET influencers/{id}/campaigns: one page of the approved campaigns aimed at the media user. */
export function getMediaCampaigns(userId: number, param: CampaignPageParam, filters: DiscoveryFilters = {}) {
  const { path, query } = mediaCampaignsRequest(userId, param, filters);
  return apiParse(path, campaignPageSchema, { query });
}

/**
 * Page 1 as app/early-campaigns.ts asked for it while the code downloaded, if it is already in: the
 * list then renders in the page's first pass, and the first card's photo paints with the heading
 * rather than one render later (docs/performance.md, Web). Taken once, when the query is created.
 */
function earlyFirstPage(userId: number, filters: DiscoveryFilters) {
  let taken: { data: InfiniteData<Paged<CampaignResource>, CampaignPageParam>; updatedAt: number } | undefined;
  let asked = false;
  return () => {
    if (!asked) {
      asked = true;
      const { path, query } = mediaCampaignsRequest(userId, firstCampaignPage, filters);
      const early = takeEarlyParsed(path, campaignPageSchema, query);
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
