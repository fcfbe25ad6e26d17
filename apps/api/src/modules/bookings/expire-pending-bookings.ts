import { and, asc, eq, lte } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { bookings } from '../../db/schema';
import { queueMail } from '../mail/queue-mail';
import { notificationText } from '../notifications/notification-texts';
import { changeBooking, visitFactsOf } from './booking-change';
import { notifyMedia, postBookingEvent, visitWhen } from './booking-notices';
import { bookingExpiredMail } from './bookings.mails';
import { offerFreedPlaces } from './waitlist-places';

/**
 * Job: pending requests whose visit time has passed without an answer become declined with reason
 * `expired`, and the media user is told by mail (decisions.md, Review and lifecycle). Each row is
 * changed and mailed in its own transaction, from pending only, so a run racing a brand's answer or
 * another node changes and mails each booking once. Returns how many expired.
 */
export async function expirePendingBookings(ctx: AppContext, limit = 200): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), lte(bookings.visitAt, now)))
    .orderBy(asc(bookings.visitAt), asc(bookings.id))
    .limit(limit);
  let expired = 0;
  for (const { id } of due) {
    const done = await changeBooking(ctx, id, {
      decide: ({ booking: b }) => {
        if (b.status !== 'pending' || b.visitAt.getTime() > now.getTime()) return null;
        return { set: { status: 'declined', declineReason: 'expired', updatedAt: now } };
      },
      effects: async (tx, changed) => {
        await queueMail(tx, bookingExpiredMail(ctx.config, visitFactsOf(changed)));
        const when = visitWhen(changed.booking);
        await postBookingEvent(tx, ctx, changed.booking, 'declined', `expired without an answer · ${when}`);
        await notifyMedia(
          tx,
          ctx,
          changed.booking,
          notificationText.bookingExpired({ brandName: changed.campaign.brandName, when }),
        );
        // The place is free again: the week's first waiting user is offered it (issue 30).
        await offerFreedPlaces(tx, ctx, changed.booking.campaignId, changed.booking.weekStart, now);
      },
    });
    if (done) expired += 1;
  }
  return expired;
}
