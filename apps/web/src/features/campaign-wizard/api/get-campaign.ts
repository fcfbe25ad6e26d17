import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';

/** GET campaigns/{id}: the brand's own campaign, as the wizard reopens it. */
export function getCampaign(id: number): Promise<CampaignResource> {
  return api<{ data: CampaignResource }>(`campaigns/${id}`).then((r) => r.data);
}

export function campaignQueryOptions(id: number) {
  return queryOptions({ queryKey: ['campaigns', id], queryFn: () => getCampaign(id), staleTime: 0 });
}

export function useCampaign(id: number | null) {
  return useQuery({ ...campaignQueryOptions(id ?? 0), enabled: id !== null });
}
