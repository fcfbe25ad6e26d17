import type { CampaignResource } from '@comped/shared/schemas/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { uploadParse } from '../../../lib/uploads/api-upload';
import type { CampaignUpload } from '../lib/saved-campaign';
import { rememberSavedCampaign } from '../lib/saved-campaign';

/** POST campaigns (multipart): creates the draft; answers the campaign. */
export async function createCampaign(body: FormData, onProgress: (percent: number) => void): Promise<CampaignResource> {
  return (await uploadParse('campaigns', body, 'campaign', onProgress)).data;
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onProgress }: CampaignUpload) => createCampaign(body, onProgress),
    onSuccess: (campaign) => rememberSavedCampaign(queryClient, campaign),
  });
}
