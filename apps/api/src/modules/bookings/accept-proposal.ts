import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { weekStartOf } from '@comped/shared/time';

import type { AppContext } from '../../context';
import { appError } from '../../lib/app-error';
import { zonedToInstant } from '../../lib/clock';
import { acceptedEffects } from './answer-booking';
import { changeBooking, toChangedResource } from './booking-change';
import { assertBookingOfMedia } from './bookings.policy';
import { assertSlotOpen } from './proposal-slot';
import { newCheckInCode } from './visit-times';
import { offerFreedPlaces } from './waitlist-places';

/**
 * POST influencers/{id}/bookings/{bookingId}/proposal/accept: the booking moves to the proposed slot
 * and is accepted (decisions.md round 3), as the brand's accept would do (task, mail with the
 * invitation, reminders). The slot is checked again: taken since, 422 "Please select an available
 * day and time." and nothing changes. A move out of another week frees a place of that week.
 */
export async function acceptProposal(ctx: AppContext, userId: number, bookingId: number): Promise<BookingResource> {
  let fromWeek = '';
  const facts = await changeBooking(ctx, bookingId, {
    authorize: (f) => assertBookingOfMedia(f, userId),
    decide: ({ booking, location }, now) => {
      if (booking.status !== 'pending') throw appError('booking_already_updated', { field: 'status' });
      const p = booking.proposal;
      if (!p) throw appError('validation_failed', { field: 'proposal', message: MSG.proposalMissing });
      fromWeek = booking.weekStart;
      return {
        set: {
          bookingDate: p.booking_date,
          bookingTime: p.booking_time,
          weekStart: weekStartOf(p.booking_date),
          visitAt: zonedToInstant(p.booking_date, p.booking_time, location.timeZone),
          proposal: null,
          status: 'accepted',
          checkInCode: newCheckInCode(),
          inviteSequence: 0,
          updatedAt: now,
          answeredAt: booking.answeredAt ?? now,
        },
      };
    },
    effects: async (tx, changed, now) => {
      const { booking } = changed;
      await assertSlotOpen(tx, changed, booking.bookingDate, booking.bookingTime, now);
      const more = await acceptedEffects(ctx, tx, changed, now);
      if (fromWeek !== booking.weekStart) await offerFreedPlaces(tx, ctx, booking.campaignId, fromWeek, now);
      return more;
    },
  });
  return toChangedResource(ctx, facts!, 'media');
}
