import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import { appError } from '../../lib/app-error';
import { changeBooking, toChangedResource } from './booking-change';
import { assertBookingOfMedia } from './bookings.policy';
import { confirmOpensAt } from './bookings.serializer';

/**
 * POST influencers/{id}/bookings/{bookingId}/confirm: the media user says they will come, from 24
 * hours before an accepted visit until its time (decisions.md round 3). Earlier: 422 with when it
 * opens. Confirming again keeps the first time. The reliability score does not read it.
 */
export async function confirmVisit(ctx: AppContext, userId: number, bookingId: number): Promise<BookingResource> {
  const facts = await changeBooking(ctx, bookingId, {
    authorize: (f) => assertBookingOfMedia(f, userId),
    decide: ({ booking }, now) => {
      if (booking.status !== 'accepted' || booking.visitAt.getTime() <= now.getTime()) {
        throw appError('validation_failed', { field: 'status', message: MSG.confirmNotAccepted });
      }
      if (now.getTime() < confirmOpensAt(booking).getTime()) {
        throw appError('validation_failed', { field: 'status', message: MSG.confirmTooEarly });
      }
      return { set: { confirmedAt: booking.confirmedAt ?? now } };
    },
  });
  return toChangedResource(ctx, facts!, 'media');
}
