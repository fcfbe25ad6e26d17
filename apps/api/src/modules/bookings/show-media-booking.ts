import type { BookingResource } from '@comped/shared/schemas/resources';
import { and, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { bookings, campaigns } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { toBookingResources } from './bookings.serializer';

/**
 * `GET influencers/{id}/bookings/{bookingId}`: one of the media user's bookings, as the list shows
 * it, with the campaign's tip among what the comp includes (the visit pass). Another user's booking
 * is a 404, as one that does not exist.
 */
export async function showMediaBooking(ctx: AppContext, userId: number, bookingId: number): Promise<BookingResource> {
  const [row] = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!row) throw appError('not_found');
  const [[booking], [campaign]] = await Promise.all([
    toBookingResources(ctx.db, [row], { side: 'media', now: ctx.clock.now() }),
    ctx.db.select({ booking: campaigns.booking }).from(campaigns).where(eq(campaigns.id, row.campaignId)),
  ]);
  if (!booking) throw appError('not_found');
  const comp = booking.campaign.type.booking;
  if (comp) comp.tip = campaign?.booking?.tip ?? null;
  return booking;
}
