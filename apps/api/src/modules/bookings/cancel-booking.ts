import { cancelWindowMessage, insideCancelWindow } from '@comped/shared/cancel-window';
import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import { appError } from '../../lib/app-error';
import { queueMail } from '../mail/queue-mail';
import { notificationText } from '../notifications/notification-texts';
import { changeBooking, toChangedResource, visitFactsOf } from './booking-change';
import { notifyBrandSide, postBookingEvent, visitWhen } from './booking-notices';
import { bookingCancelledMail } from './bookings.mails';
import { assertBookingOfMedia } from './bookings.policy';
import { offerFreedPlaces } from './waitlist-places';

/** PUT influencers/{id}/bookings/{bookingId} {status: cancelled}: pending or accepted, outside the 24-hour window. */
export async function cancelBooking(ctx: AppContext, userId: number, bookingId: number): Promise<BookingResource> {
  const facts = await changeBooking(ctx, bookingId, {
    authorize: (f) => assertBookingOfMedia(f, userId),
    decide: ({ booking, location }, now) => {
      if (booking.status !== 'pending' && booking.status !== 'accepted') {
        throw appError('validation_failed', { field: 'status', message: MSG.bookingNotCancellable });
      }
      if (insideCancelWindow(booking.visitAt, now)) {
        const message = cancelWindowMessage({ name: location.name, phone: location.phone });
        throw appError('validation_failed', { field: 'status', message });
      }
      return { set: { status: 'cancelled', cancelledAt: now, updatedAt: now } };
    },
    effects: async (tx, changed, now) => {
      const { booking, user } = changed;
      const when = visitWhen(booking);
      await queueMail(tx, bookingCancelledMail(ctx.config, visitFactsOf(changed)));
      await postBookingEvent(tx, ctx, booking, 'cancelled', when);
      await notifyBrandSide(tx, ctx, booking, notificationText.bookingCancelled({ by: user.name, when }));
      // The place is free again: the week's first waiting user is offered it (issue 30).
      await offerFreedPlaces(tx, ctx, booking.campaignId, booking.weekStart, now);
    },
    withdraw: 'cancelled',
  });
  return toChangedResource(ctx, facts!, 'media');
}
