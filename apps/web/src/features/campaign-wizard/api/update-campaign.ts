import type { CampaignResource } from '@comped/shared/schemas/resources';
import { campaignAnswerSchema } from '../../../api/campaigns';
import { uploadParse } from '../../../lib/api-upload';

/** POST campaigns/{id} (multipart): saves the draft at a step, or submits it with status=review. */
export async function updateCampaign(
  id: number,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<CampaignResource> {
  return (await uploadParse(`campaigns/${id}`, body, campaignAnswerSchema, onProgress)).data;
}
