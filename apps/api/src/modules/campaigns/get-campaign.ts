import type { CampaignResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import { campaignToday, withEffectiveStatus } from './campaign-expiry';
import { ownedCampaign } from './campaigns.policy';
import { toCampaignResource } from './campaigns.serializer';

/** GET campaigns/{id}: the brand owner's own campaign. */
export async function getCampaign(ctx: AppContext, userId: number, campaignId: number): Promise<CampaignResource> {
  const campaign = await ownedCampaign(ctx.db, userId, campaignId);
  // Expiry on read, as in the lists: an approved campaign past its last day reads as expired.
  return toCampaignResource(ctx.db, withEffectiveStatus(campaign, campaignToday(ctx)));
}
