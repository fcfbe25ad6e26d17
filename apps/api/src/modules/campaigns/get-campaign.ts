import type { CampaignResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import type { AuthUser } from '../../plugins/auth';
import { campaignToday, withEffectiveStatus } from './campaign-expiry';
import { ownedCampaign } from './campaigns.policy';
import { toCampaignResource } from './campaigns.serializer';

/** GET campaigns/{id}: the brand owner's own campaign. */
export async function getCampaign(ctx: AppContext, user: AuthUser, campaignId: number): Promise<CampaignResource> {
  const campaign = await ownedCampaign(ctx.db, user, campaignId);
  // Expiry on read, as in the lists: an approved campaign past its last day reads as expired.
  return toCampaignResource(ctx.db, withEffectiveStatus(campaign, campaignToday(ctx)));
}
