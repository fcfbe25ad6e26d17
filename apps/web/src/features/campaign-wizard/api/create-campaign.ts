import type { CampaignResource } from '@comped/shared/schemas/resources';
import { uploadWithProgress } from '../../../lib/api-client';

/** POST campaigns (multipart): creates the draft; answers the campaign. */
export function createCampaign(body: FormData, onProgress: (percent: number) => void): Promise<CampaignResource> {
  return uploadWithProgress<{ data: CampaignResource }>('campaigns', body, onProgress).then((r) => r.data);
}
