import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';

/** GET influencers/{id}/campaigns/{campaignId}: one campaign visible to the media user (else 404). */
export function getMediaCampaign(userId: number, campaignId: number): Promise<CampaignResource> {
  return api<{ data: CampaignResource }>(`influencers/${userId}/campaigns/${campaignId}`).then((r) => r.data);
}

export function mediaCampaignQueryOptions(userId: number, campaignId: number) {
  return queryOptions({
    queryKey: ['campaigns', 'media', userId, 'one', campaignId],
    queryFn: () => getMediaCampaign(userId, campaignId),
  });
}

export function useMediaCampaign(userId: number, campaignId: number, enabled = true) {
  return useQuery({ ...mediaCampaignQueryOptions(userId, campaignId), enabled });
}
