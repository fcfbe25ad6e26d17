import { and, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaignPhotos } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { assertActiveSubscription } from '../subscriptions/subscriptions.policy';
import { removeStoredPhotos } from './campaign-photos';
import { assertEditable, ownedCampaign } from './campaigns.policy';

/** DELETE campaigns/{id}/photos/{photoId}: `photoId` is the photo's generated name without extension. */
export async function deleteCampaignPhoto(
  ctx: AppContext,
  userId: number,
  campaignId: number,
  photoName: string,
): Promise<void> {
  const campaign = await ownedCampaign(ctx.db, userId, campaignId);
  await assertActiveSubscription(ctx.db, userId);
  assertEditable(campaign);
  const [photo] = await ctx.db
    .delete(campaignPhotos)
    .where(and(eq(campaignPhotos.campaignId, campaign.id), eq(campaignPhotos.name, photoName)))
    .returning();
  if (!photo) throw appError('not_found');
  await removeStoredPhotos(ctx.storage, [photo]);
}
