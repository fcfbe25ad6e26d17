import { api } from '../../../lib/api-client';

/** DELETE campaigns/{id}/photos/{photoId}: `photoId` is the photo's name without extension. */
export function deleteCampaignPhoto(campaignId: number, photoName: string): Promise<void> {
  return api<void>(`campaigns/${campaignId}/photos/${encodeURIComponent(photoName)}`, { method: 'DELETE' });
}
