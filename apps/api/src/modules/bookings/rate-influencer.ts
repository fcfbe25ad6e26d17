import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import { appError } from '../../lib/app-error';
import { changeBooking, toChangedResource } from './booking-change';
import type { BrandActor } from './bookings.policy';
import { assertBookingOfActor } from './bookings.policy';

/** POST bookings/{id}/rate_influencer: once, after the visit; rating finishes the booking. */
export async function rateInfluencer(
  ctx: AppContext,
  actor: BrandActor,
  bookingId: number,
  input: { rate: number; review: string | null },
): Promise<BookingResource> {
  const field = 'rate';
  const facts = await changeBooking(ctx, bookingId, {
    authorize: (f) => assertBookingOfActor(f, actor),
    decide: ({ booking: b }, now) => {
      if (b.rate !== null || b.review) throw appError('validation_failed', { field, message: MSG.visitAlreadyRated });
      if (b.status !== 'accepted' && b.status !== 'finished') {
        throw appError('validation_failed', { field, message: MSG.visitRateNotAllowed });
      }
      if (b.visitAt.getTime() > now.getTime()) {
        throw appError('validation_failed', { field, message: MSG.visitRateNotYet });
      }
      return { set: { rate: input.rate, review: input.review, ratedAt: now, status: 'finished', updatedAt: now } };
    },
  });
  return toChangedResource(ctx, facts!, 'brand');
}
