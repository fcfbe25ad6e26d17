import type { CampaignResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaigns } from '../../db/schema';
import { queueMail } from '../mail/mail.service';
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
    return row!;
  });
  return toCampaignResource(ctx.db, updated);
}
