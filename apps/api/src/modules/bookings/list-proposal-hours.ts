import { weekStartOf } from '@comped/shared/time';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaigns, locations } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { dateInZone } from '../../lib/clock';
import type { WeekAvailability } from './availability';
import { weekAvailability } from './availability';
import { loadBookingFacts } from './booking-change';
import type { BrandActor } from './bookings.policy';
import { assertBookingOfActor } from './bookings.policy';
import { weeklyCapacity, weekPlaces } from './waitlist-places';

/**
 * POST brands/{id}/bookings/{bookingId}/availablehours {date?}: the slots the brand may propose for a
 * request (issue 30), the week holding `date` as the media user's picker shows it, with this booking
 * left out of the week's count (it would move, not add). Only the booking's brand.
 */
export async function listProposalHours(
  ctx: AppContext,
  actor: BrandActor,
  bookingId: number,
  input: { date?: string },
): Promise<WeekAvailability> {
  const facts = await loadBookingFacts(ctx.db, bookingId);
  if (!facts) throw appError('not_found');
  assertBookingOfActor(facts, actor);
  const [campaign] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, facts.booking.campaignId));
  const [location] = await ctx.db.select().from(locations).where(eq(locations.id, facts.booking.locationId));
  if (!campaign || !location) throw appError('not_found');
  const now = ctx.clock.now();
  const weekStart = weekStartOf(input.date ?? dateInZone(now, location.timeZone));
  const { booked, held } = await weekPlaces(ctx.db, campaign.id, weekStart, now, {
    userId: facts.booking.userId,
    exceptBookingId: facts.booking.id,
  });
  return weekAvailability(campaign, location, weekStart, now, booked + held >= weeklyCapacity(campaign.booking));
}
