import type { CampaignResource } from '@comped/shared/schemas/resources';
import { uploadWithProgress } from '../../../lib/api-client';

/** POST campaigns/{id} (multipart): saves the draft at a step, or submits it with status=review. */
export function updateCampaign(
  id: number,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<CampaignResource> {
  return uploadWithProgress<{ data: CampaignResource }>(`campaigns/${id}`, body, onProgress).then((r) => r.data);
}
