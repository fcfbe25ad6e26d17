import { campaignExpiresOn } from '@comped/shared/campaign-kinds';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaigns } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { brandSideRecipientsOf } from '../conversations/conversations.policy';
import { queueMail } from '../mail/queue-mail';
import { notificationText } from '../notifications/notification-texts';
import { notify } from '../notifications/notify';
import { campaignToday } from './campaign-expiry';
import { campaignApprovedMail } from './campaign-review.mails';
import { toCampaignResource } from './campaigns.serializer';
import { lockForReview } from './lock-for-review';

/** POST admin/campaigns/{id}/approve (staff): a campaign in review with a day still ahead is approved; the owner is mailed. */
export async function approveCampaign(ctx: AppContext, campaignId: number): Promise<CampaignResource> {
  const now = ctx.clock.now();
  const today = campaignToday(ctx);
  const updated = await ctx.db.transaction(async (tx) => {
    const { campaign, brandName, ownerName, ownerEmail } = await lockForReview(tx, campaignId);
    const expiresOn = campaignExpiresOn({
      end_date: campaign.endDate,
      event_date: campaign.eventDate,
      launch_date: campaign.launchDate,
      opening_date: campaign.openingDate,
    });
    if (!expiresOn) throw appError('campaign_has_no_dates');
    if (expiresOn < today) throw appError('campaign_already_ended');
    const [row] = await tx
      .update(campaigns)
      .set({ status: 'approved', approvedAt: now, expiresOn, reviewReason: null, updatedAt: now })
      .where(eq(campaigns.id, campaign.id))
      .returning();
    const mail = campaignApprovedMail({
      ownerName,
      ownerEmail,
      brandName,
      campaignName: campaign.name,
      campaignId: campaign.id,
      publicUrl: ctx.config.publicUrl,
    });
    await queueMail(tx, mail);
    // The brand as a whole (no location): the owner, and managers once brand teams exist.
    const text = notificationText.campaignApproved({ campaignName: campaign.name, campaignId: campaign.id });
    for (const userId of await brandSideRecipientsOf(tx, campaign.brandId, null)) {
      await notify(tx, ctx, { userId, ...text });
    }
    return row!;
  });
  return toCampaignResource(ctx.db, updated);
}
