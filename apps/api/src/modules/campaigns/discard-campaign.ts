import { and, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaignPhotos, campaigns } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { assertActiveSubscription } from '../subscriptions/subscriptions.policy';
import { removeStoredPhotos } from './campaign-photos';
import { assertDiscardable, ownedCampaign } from './campaigns.policy';

/** DELETE campaigns/{id}: discards a draft and its photos. */
export async function discardCampaign(ctx: AppContext, user: AuthUser, campaignId: number): Promise<void> {
  const campaign = await ownedCampaign(ctx.db, user, campaignId);
  await assertActiveSubscription(ctx.db, user);
  assertDiscardable(campaign);
  const photos = await ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(campaignPhotos).where(eq(campaignPhotos.campaignId, campaign.id));
    const deleted = await tx
      .delete(campaigns)
      .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'draft')))
      .returning({ id: campaigns.id });
    if (deleted.length === 0) throw appError('not_found');
    return rows;
  });
  await removeStoredPhotos(ctx.storage, photos);
}
