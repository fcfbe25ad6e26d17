import type { CampaignResource } from '@comped/shared/schemas/resources';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiParse } from '../lib/api-client';
import { campaignKeys } from './campaigns';

/**
 * GET influencers/{id}/campaigns/{campaignId}: one campaign visible to the media user (else 404), for
 * the campaign details page and the booking page alike (one fetcher, one key).
 */
export async function getMediaCampaign(userId: number, campaignId: number): Promise<CampaignResource> {
  return (await apiParse(`influencers/${userId}/campaigns/${campaignId}`, 'campaign')).data;
}

export function mediaCampaignQueryOptions(userId: number, campaignId: number) {
  return queryOptions({
    queryKey: campaignKeys.mediaDetail(userId, campaignId),
    queryFn: () => getMediaCampaign(userId, campaignId),
  });
}

export function useMediaCampaign(userId: number, campaignId: number, enabled = true) {
  return useQuery({ ...mediaCampaignQueryOptions(userId, campaignId), enabled });
}
