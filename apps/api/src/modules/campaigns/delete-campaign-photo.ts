import { and, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaignPhotos } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { assertActiveSubscription } from '../subscriptions/subscriptions.policy';
import { removeStoredPhotos } from './campaign-photos';
import { assertEditable, ownedCampaign } from './campaigns.policy';

/** DELETE campaigns/{id}/photos/{photoId}: `photoId` is the photo's generated name without extension. */
export async function deleteCampaignPhoto(
  ctx: AppContext,
  user: AuthUser,
  campaignId: number,
  photoName: string,
): Promise<void> {
  const campaign = await ownedCampaign(ctx.db, user, campaignId);
  await assertActiveSubscription(ctx.db, user);
  assertEditable(campaign);
  const [photo] = await ctx.db
    .delete(campaignPhotos)
    .where(and(eq(campaignPhotos.campaignId, campaign.id), eq(campaignPhotos.name, photoName)))
    .returning();
  if (!photo) throw appError('not_found');
  await removeStoredPhotos(ctx.storage, [photo]);
}
