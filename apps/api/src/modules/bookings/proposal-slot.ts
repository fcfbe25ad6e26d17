import { MSG } from '@comped/shared/messages';
import { weekStartOf } from '@comped/shared/time';
import { eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { campaigns, locations } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { isSlotAvailable } from './availability';
import type { BookingFacts } from './booking-change';
import { weeklyCapacity, weekPlaces } from './waitlist-places';

/**
 * Whether the booking could move to another slot (issue 30): the slot is one of the campaign's at
 * that location (availability.ts), ahead of `now`, and its week has room once this booking is
 * left out of the count (places held for waiting users count as taken). The campaign row is
 * locked first, as a request locks it, so a request and a move into one week take turns.
 * Refuses with the request form's "Please select an available day and time." on `booking_date`.
 */
export async function assertSlotOpen(
  tx: Tx,
  facts: BookingFacts,
  date: string,
  time: string,
  now: Date,
): Promise<void> {
  const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, facts.booking.campaignId)).for('update');
  const [location] = await tx.select().from(locations).where(eq(locations.id, facts.booking.locationId));
  if (!campaign || !location) throw appError('not_found');
  const weekStart = weekStartOf(date);
  const { booked, held } = await weekPlaces(tx, campaign.id, weekStart, now, {
    userId: facts.booking.userId,
    exceptBookingId: facts.booking.id,
  });
  const full = booked + held >= weeklyCapacity(campaign.booking);
  if (!isSlotAvailable(campaign, location, date, time, now, full)) {
    throw appError('validation_failed', { field: 'booking_date', message: MSG.selectDayAndTime });
  }
}
