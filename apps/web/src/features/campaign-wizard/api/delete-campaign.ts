import { api } from '../../../lib/api-client';

/** DELETE campaigns/{id}: discards a draft (its photos too). */
export function deleteCampaign(campaignId: number): Promise<void> {
  return api<void>(`campaigns/${campaignId}`, { method: 'DELETE' });
}
