import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import { appError } from '../../lib/app-error';
import { changeBooking, toChangedResource } from './booking-change';
import { assertBookingOfMedia } from './bookings.policy';
import { disputeUntil } from './visit-times';

/** POST influencers/{id}/bookings/{bookingId}/dispute {note}: "I was there", within 48 hours, once. */
export async function disputeNoShow(
  ctx: AppContext,
  userId: number,
  bookingId: number,
  note: string,
): Promise<BookingResource> {
  const field = 'note';
  const facts = await changeBooking(ctx, bookingId, {
    authorize: (f) => assertBookingOfMedia(f, userId),
    decide: ({ booking: b }, now) => {
      if (b.status !== 'no_show' || !b.noShowAt) {
        throw appError('not_a_no_show', { field, message: MSG.disputeNotNoShow });
      }
      if (b.disputedAt) throw appError('already_disputed', { field, message: MSG.disputeAlreadyFiled });
      if (now.getTime() > disputeUntil(b.noShowAt).getTime()) {
        throw appError('dispute_window_closed', { field, message: MSG.disputeWindowClosed });
      }
      return { set: { disputeNote: note, disputedAt: now, updatedAt: now } };
    },
  });
  return toChangedResource(ctx, facts!, 'media');
}
