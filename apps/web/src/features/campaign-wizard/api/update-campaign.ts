import type { CampaignResource } from '@comped/shared/schemas/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { uploadParse } from '../../../lib/uploads/api-upload';
import type { CampaignUpload } from '../lib/saved-campaign';
import { rememberSavedCampaign } from '../lib/saved-campaign';

/** POST campaigns/{id} (multipart): saves the draft at a step, or submits it with status=review. */
export async function updateCampaign(
  id: number,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<CampaignResource> {
  return (await uploadParse(`campaigns/${id}`, body, 'campaign', onProgress)).data;
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, onProgress }: CampaignUpload & { id: number }) => updateCampaign(id, body, onProgress),
    onSuccess: (campaign) => rememberSavedCampaign(queryClient, campaign),
  });
}
