import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { and, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaigns } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { liveBookingOf } from '../bookings/live-booking';
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
    typeof userId === 'number' ? liveBookingOf(ctx.db, userId, row.id) : null,
  ]);
  const [out] = invitations ? withInvitations([resource], invitations) : [resource];
  return { ...(out ?? resource), my_booking: myBooking };
}
