import { MSG } from '@comped/shared/messages';
import type { WaitlistEntryResource } from '@comped/shared/schemas/slots';
import { addDays, weekStartOf } from '@comped/shared/time';

import type { AppContext } from '../../context';
import { waitlistEntries } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { daySlots } from './availability';
import { mediaUserOf } from './bookings.policy';
import { campaignLocation, visibleCampaign } from './list-available-hours';
import { liveBookingOf } from './live-booking';
import { toWaitlistEntryResource } from './waitlist.serializer';
import { weeklyCapacity, weekPlaces } from './waitlist-places';

/**
 * POST influencers/{id}/campaigns/{campaignId}/waitlist {location_id, date}: wait for a full week of a
 * campaign the user may book (decisions.md round 3). Only when that week is full for them (its
 * requests, visits and the places held for others fill it); one open entry per user and week; not
 * with a live booking of the campaign (they could not book another).
 */
export async function joinWaitlist(
  ctx: AppContext,
  userId: number,
  campaignId: number,
  input: { location_id: number; date: string },
): Promise<WaitlistEntryResource> {
  const user = await mediaUserOf(ctx.db, userId);
  const campaign = await visibleCampaign(ctx, ctx.db, user, campaignId);
  const location = await campaignLocation(ctx.db, campaign.id, input.location_id);
  const weekDays = Array.from({ length: 7 }, (_, i) => addDays(weekStartOf(input.date), i));
  if (
    !campaign.booking ||
    campaign.booking.information_only ||
    !weekDays.some((day) => daySlots(campaign, location, day).length > 0)
  ) {
    throw appError('validation_failed', { field: 'date', message: MSG.selectDayAndTime });
  }
  const now = ctx.clock.now();
  const weekStart = weekStartOf(input.date);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      if (await liveBookingOf(tx, user.id, campaign.id)) throw appError('already_booked', { field: 'booking' });
      const { booked, held } = await weekPlaces(tx, campaign.id, weekStart, now, { userId: user.id });
      if (booked + held < weeklyCapacity(campaign.booking)) {
        throw appError('validation_failed', { field: 'date', message: MSG.waitlistWeekNotFull });
      }
      const [created] = await tx
        .insert(waitlistEntries)
        .values({
          campaignId: campaign.id,
          locationId: location.id,
          userId: user.id,
          date: input.date,
          weekStart,
          status: 'waiting',
          createdAt: now,
        })
        .returning();
      if (!created) throw new Error('waitlist insert returned nothing');
      return created;
    });
    return toWaitlistEntryResource(row, { id: campaign.id, name: campaign.name }, location.timeZone, now);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw appError('validation_failed', { field: 'date', message: MSG.waitlistAlreadyWaiting });
    }
    throw err;
  }
}
