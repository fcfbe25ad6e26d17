import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/** GET influencers/{id}/campaigns/{campaignId}: the campaign as the media user sees it. */
export function getMediaCampaign(userId: number, campaignId: number): Promise<{ data: CampaignResource }> {
  return api(`influencers/${userId}/campaigns/${campaignId}`);
}

export function mediaCampaignQuery(userId: number, campaignId: number) {
  return queryOptions({
    queryKey: bookingKeys.campaign(userId, campaignId),
    queryFn: () => getMediaCampaign(userId, campaignId).then((r) => r.data),
  });
}

export function useMediaCampaign(userId: number, campaignId: number) {
  return useQuery({ ...mediaCampaignQuery(userId, campaignId), enabled: Number.isFinite(campaignId) });
}
