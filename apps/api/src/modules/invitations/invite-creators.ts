import { bookingsClosedSince } from '@comped/shared/booking-window';
import { MSG } from '@comped/shared/messages';
import { isMediaRole } from '@comped/shared/roles';
import { INVITATIONS_PER_CAMPAIGN_WEEK } from '@comped/shared/validation/directory';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { bookings, campaignInvitations, campaigns, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { datesOfCampaignRow } from '../bookings/availability';
import { campaignToday } from '../campaigns/campaign-expiry';
import { queueMail } from '../mail/queue-mail';
import { notificationText } from '../notifications/notification-texts';
import { notify } from '../notifications/notify';
import { invitationMail } from './invitations.mails';
import { assertMayInviteTo } from './invitations.policy';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * POST campaigns/{id}/invitations (decisions.md round 3): invites approved media users of the
 * campaign's audience types to an approved campaign of the caller's brand, then notifies and mails
 * each. The campaign row is locked, so the weekly limit (50 per campaign in any 7 days) holds under
 * concurrent requests. Someone already invited: 422 `already_invited`; past the limit: 422
 * `invitation_limit_reached`; someone who is not an approved, listed (or already met) media user of
 * an audience type of the campaign: 422 on `user_ids`.
 */
export async function inviteCreators(
  ctx: AppContext,
  inviter: AuthUser,
  campaignId: number,
  input: { user_ids: number[]; note: string | null },
) {
  const { campaign, brand } = await assertMayInviteTo(ctx.db, inviter, campaignId);
  if (campaign.status !== 'approved')
    throw appError('validation_failed', { field: 'campaign', message: MSG.invitationCampaignNotApproved });
  // A launch without an end date stays offered for a month after its two days of visits.
  if (bookingsClosedSince(datesOfCampaignRow(campaign), campaignToday(ctx)))
    throw appError('validation_failed', { field: 'campaign', message: MSG.invitationCampaignClosed });
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
    const invitees = await tx
      .select({
        user: users,
        metBrand: sql<boolean>`exists (select 1 from ${bookings} b where b.user_id = ${users.id} and b.brand_id = ${brand.id})`,
      })
      .from(users)
      .where(inArray(users.id, input.user_ids));
    const byId = new Map(invitees.map((r) => [r.user.id, r]));
    for (const id of input.user_ids) {
      const r = byId.get(id);
      const ok =
        r &&
        isMediaRole(r.user.role) &&
        r.user.tier !== null &&
        campaign.target.includes(r.user.role) &&
        (r.user.directoryListed || r.metBrand);
      if (!ok) throw appError('validation_failed', { field: 'user_ids', message: MSG.inviteeNotEligible });
    }
    const already = await tx
      .select({ id: campaignInvitations.id })
      .from(campaignInvitations)
      .where(and(eq(campaignInvitations.campaignId, campaignId), inArray(campaignInvitations.userId, input.user_ids)))
      .limit(1);
    if (already.length > 0) throw appError('already_invited', { field: 'user_ids' });
    const [recent] = await tx
      .select({ n: count() })
      .from(campaignInvitations)
      .where(
        and(
          eq(campaignInvitations.campaignId, campaignId),
          gte(campaignInvitations.createdAt, new Date(now.getTime() - WEEK_MS)),
        ),
      );
    if (Number(recent?.n ?? 0) + input.user_ids.length > INVITATIONS_PER_CAMPAIGN_WEEK)
      throw appError('invitation_limit_reached', { field: 'user_ids' });
    const rows = await tx
      .insert(campaignInvitations)
      .values(
        input.user_ids.map((userId) => ({
          campaignId,
          brandId: brand.id,
          userId,
          invitedBy: inviter.id,
          note: input.note,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    for (const row of rows) {
      const invitee = byId.get(row.userId)!.user;
      await notify(tx, ctx, {
        userId: invitee.id,
        ...notificationText.invitation({ brandName: brand.name, campaignName: campaign.name, campaignId }),
      });
      await queueMail(
        tx,
        invitationMail(ctx.config, {
          to: invitee.email,
          name: invitee.name,
          brandName: brand.name,
          campaignName: campaign.name,
          campaignId,
          note: input.note,
        }),
      );
    }
    return rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      campaign_id: r.campaignId,
      status: r.status,
      created_at: r.createdAt.toISOString(),
    }));
  });
}
