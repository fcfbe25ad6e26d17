import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import { appError } from '../../lib/app-error';
import { changeBooking, toChangedResource } from './booking-change';
import { assertBookingOfMedia } from './bookings.policy';

/**
 * POST influencers/{id}/bookings/{bookingId}/proposal/decline: the proposal is cleared and the
 * request stays pending at its own time (decisions.md round 3).
 */
export async function declineProposal(ctx: AppContext, userId: number, bookingId: number): Promise<BookingResource> {
  const facts = await changeBooking(ctx, bookingId, {
    authorize: (f) => assertBookingOfMedia(f, userId),
    decide: ({ booking }, now) => {
      if (booking.status !== 'pending' || !booking.proposal) {
        throw appError('validation_failed', { field: 'proposal', message: MSG.proposalMissing });
      }
      return { set: { proposal: null, updatedAt: now } };
    },
  });
  return toChangedResource(ctx, facts!, 'media');
}
