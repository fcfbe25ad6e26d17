import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { LIVE_BOOKING_STATUSES } from '@comped/shared/statuses';
import { and, desc, eq, inArray } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { bookings, campaigns } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { campaignToday, withEffectiveStatus } from '../campaigns/campaign-expiry';
import type { MediaViewer } from '../campaigns/campaign-visibility';
import { visibleToMedia } from '../campaigns/campaign-visibility';
import { toCampaignResource } from '../campaigns/campaigns.serializer';
import { invitationsOf, withInvitations } from '../invitations/invited-campaigns';

/**
 * GET influencers/{id}/campaigns/{campaignId}: one campaign the media user may see (else 404), with
 * their invitation to it and their live booking of it (`my_booking`), which a list leaves out.
 */
export async function getMediaCampaign(
  ctx: AppContext,
  viewer: MediaViewer,
  campaignId: number,
): Promise<CampaignResource> {
  const today = campaignToday(ctx);
  const [row] = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), visibleToMedia(viewer, today)))
    .limit(1);
  if (!row) throw appError('not_found', { message: MSG.campaignNotFound });
  const userId = viewer.userId;
  const [resource, invitations, myBooking] = await Promise.all([
    toCampaignResource(ctx.db, withEffectiveStatus(row, today)),
    typeof userId === 'number' ? invitationsOf(ctx.db, userId, [row.id]) : undefined,
    typeof userId === 'number' ? liveBookingOf(ctx, userId, row.id) : null,
  ]);
  const [out] = invitations ? withInvitations([resource], invitations) : [resource];
  return { ...(out ?? resource), my_booking: myBooking };
}

/** The user's live booking of the campaign (at most one: a partial unique index holds it). */
async function liveBookingOf(ctx: AppContext, userId: number, campaignId: number) {
  const [row] = await ctx.db
    .select({
      id: bookings.id,
      status: bookings.status,
      booking_date: bookings.bookingDate,
      booking_time: bookings.bookingTime,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.campaignId, campaignId),
        inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
      ),
    )
    .orderBy(desc(bookings.id))
    .limit(1);
  if (!row) return null;
  return { ...row, status: row.status as (typeof LIVE_BOOKING_STATUSES)[number] };
}
