import type { CampaignResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaigns } from '../../db/schema';
import { brandSideRecipientsOf } from '../conversations/conversations.policy';
import { queueMail } from '../mail/queue-mail';
import { notificationText } from '../notifications/notification-texts';
import { notify } from '../notifications/notify';
import { campaignSentBackMail } from './campaign-review.mails';
import { toCampaignResource } from './campaigns.serializer';
import { lockForReview } from './lock-for-review';

/** POST admin/campaigns/{id}/reject (staff): back to draft with a reason the brand sees; the owner is mailed. */
export async function sendBackCampaign(ctx: AppContext, campaignId: number, reason: string): Promise<CampaignResource> {
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const { campaign, brandName, ownerName, ownerEmail } = await lockForReview(tx, campaignId);
    const [row] = await tx
      .update(campaigns)
      .set({ status: 'draft', reviewReason: reason, updatedAt: now })
      .where(eq(campaigns.id, campaign.id))
      .returning();
    const mail = campaignSentBackMail({
      ownerName,
      ownerEmail,
      brandName,
      campaignName: campaign.name,
      campaignId: campaign.id,
      publicUrl: ctx.config.publicUrl,
      reason,
    });
    await queueMail(tx, mail);
    const text = notificationText.campaignSentBack({ campaignName: campaign.name, campaignId: campaign.id, reason });
    for (const userId of await brandSideRecipientsOf(tx, campaign.brandId, null)) {
      await notify(tx, ctx, { userId, ...text });
    }
    return row!;
  });
  return toCampaignResource(ctx.db, updated);
}
