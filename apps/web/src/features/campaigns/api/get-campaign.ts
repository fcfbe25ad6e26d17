import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';

/** GET campaigns/{id}: the brand's own campaign. */
export function getCampaign(id: number): Promise<CampaignResource> {
  return api<{ data: CampaignResource }>(`campaigns/${id}`).then((r) => r.data);
}

export function campaignQueryOptions(id: number) {
  return queryOptions({ queryKey: ['campaigns', id], queryFn: () => getCampaign(id) });
}

export function useCampaign(id: number, enabled = true) {
  return useQuery({ ...campaignQueryOptions(id), enabled });
}
