import type { CampaignResource } from '@comped/shared/schemas/resources';
import type { QueryClient } from '@tanstack/react-query';

import { campaignKeys } from '../../../api/campaigns';

/** What one save of the wizard sends: the multipart body, and where its upload's progress goes. */
export interface CampaignUpload {
  body: FormData;
  onProgress: (percent: number) => void;
}

/** A campaign the wizard just saved: its detail is the answer, and every list asks again. */
export function rememberSavedCampaign(queryClient: QueryClient, campaign: CampaignResource): void {
  queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
  void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
}
