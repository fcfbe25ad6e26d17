import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Paged } from '@comped/shared/paging';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';
import { campaignPageQuery, firstCampaignPage, nextCampaignPage } from './paging';
import type { CampaignPageParam } from './paging';

/** GET influencers/{id}/campaigns: one page of the approved campaigns aimed at the media user. */
export function getMediaCampaigns(userId: number, param: CampaignPageParam) {
  return api<Paged<CampaignResource>>(`influencers/${userId}/campaigns`, { query: campaignPageQuery(param) });
}

export function mediaCampaignsQueryOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: ['campaigns', 'media', userId],
    queryFn: ({ pageParam }) => getMediaCampaigns(userId, pageParam),
    initialPageParam: firstCampaignPage,
    getNextPageParam: nextCampaignPage,
  });
}

export function useMediaCampaigns(userId: number) {
  return useInfiniteQuery(mediaCampaignsQueryOptions(userId));
}
