import type { CampaignResource } from '@comped/shared/schemas/resources';
import { campaignAnswerSchema } from '../../../api/campaigns';
import { uploadParse } from '../../../lib/api-upload';

/** POST campaigns (multipart): creates the draft; answers the campaign. */
export async function createCampaign(body: FormData, onProgress: (percent: number) => void): Promise<CampaignResource> {
  return (await uploadParse('campaigns', body, campaignAnswerSchema, onProgress)).data;
}
