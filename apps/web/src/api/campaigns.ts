import type { CampaignResource } from '@comped/shared/schemas/resources';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiParseEarly } from '../boot/early-request';
import type { RequestOptions } from '../lib/api-client';
import { apiParse } from '../lib/api-client';
import { brandCampaignsPath } from './brand-requests';

/** Which list of campaigns a key holds; lists are matched partially (`{ scope: 'review' }`). */
export type CampaignListParams =
  | { scope: 'brand'; brandId: number; filter: string }
  | { scope: 'brand-preview'; brandId: number; filter: string }
  | { scope: 'media'; userId: number; filters: Record<string, string | undefined> }
  | { scope: 'review' };

/** The one query-key factory of campaigns: every list, detail and invalidation goes through it. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (params: CampaignListParams) => [...campaignKeys.lists(), params] as const,
  details: () => [...campaignKeys.all, 'detail'] as const,
  /** GET campaigns/{id}: the brand's own campaign. */
  detail: (id: number) => [...campaignKeys.details(), id] as const,
  /** GET influencers/{userId}/campaigns/{id}: the campaign as a media user sees it (api/media-campaigns.ts). */
  mediaDetail: (userId: number, id: number) => [...campaignKeys.details(), 'media', userId, id] as const,
};

/** GET campaigns/{id}: the brand's own campaign (the details page and the wizard reopening a draft). */
export async function getCampaign(id: number): Promise<CampaignResource> {
  return (await apiParse(`campaigns/${id}`, 'campaign')).data;
}

export function campaignQueryOptions(id: number) {
  return queryOptions({ queryKey: campaignKeys.detail(id), queryFn: () => getCampaign(id) });
}

export function useCampaign(id: number, { enabled = true, staleTime }: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({ ...campaignQueryOptions(id), enabled, ...(staleTime === undefined ? {} : { staleTime }) });
}

/**
 * GET brands/{id}/campaigns: one page of the brand's own campaigns (`filter[status]`, paging in
 * `query`). The dashboard's live campaigns may already be under way (boot/early-reads.ts).
 */
export function getBrandCampaigns(brandId: number, query: RequestOptions['query']) {
  return apiParseEarly(brandCampaignsPath(brandId), 'campaignPage', query);
}

/** DELETE campaigns/{id}: discards a draft (its photos too). */
export async function deleteCampaign(id: number): Promise<void> {
  await apiParse(`campaigns/${id}`, 'noContent', { method: 'DELETE' });
}

/** Deletes a draft, forgets its detail and refreshes every campaign list. */
export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: (_done, id) => {
      // Only where nothing shows it any more: removing the detail under a mounted page (the wizard
      // that discarded it, still on screen until it navigates) makes that page fetch it again: a 404.
      // The wizard's copy goes with its page (garbage-collected once unobserved).
      queryClient.removeQueries({ queryKey: campaignKeys.detail(id), type: 'inactive' });
      return queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}
