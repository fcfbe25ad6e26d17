import { apiParse } from '../../../lib/api-client';
import { noContentSchema } from '../../../lib/no-content';

/** DELETE campaigns/{id}/photos/{photoId}: `photoId` is the photo's name without extension (204). */
export async function deleteCampaignPhoto(campaignId: number, photoName: string): Promise<void> {
  await apiParse(`campaigns/${campaignId}/photos/${encodeURIComponent(photoName)}`, noContentSchema, {
    method: 'DELETE',
  });
}
