import { apiParse, noContentSchema } from '../../../lib/api-client';

/** DELETE campaigns/{id}/photos/{photoId}: `photoId` is the photo's name without extension (204). */
export async function deleteCampaignPhoto(campaignId: number, photoName: string): Promise<void> {
  await apiParse(`campaigns/${campaignId}/photos/${encodeURIComponent(photoName)}`, noContentSchema, {
    method: 'DELETE',
  });
}
