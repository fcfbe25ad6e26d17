import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { formatDay, formatTime12 } from '@comped/shared/time';

import type { AppContext } from '../../context';
import { appError } from '../../lib/app-error';
import { notificationText } from '../notifications/notification-texts';
import { notify } from '../notifications/notify';
import { changeBooking, toChangedResource } from './booking-change';
import type { BrandActor } from './bookings.policy';
import { assertBookingOfActor } from './bookings.policy';
import { assertSlotOpen } from './proposal-slot';

export interface ProposalRequest {
  booking_date: string;
  booking_time: string;
  note: string;
}

/**
 * POST brands/{id}/bookings/{bookingId}/proposal: the brand answers a pending request with another
 * slot and a note (decisions.md round 3). The slot must be available now (the same rules as a
 * request); a later proposal replaces an earlier one. The media user is notified (bell, push).
 */
export async function proposeBookingTime(
  ctx: AppContext,
  actor: BrandActor,
  bookingId: number,
  input: ProposalRequest,
): Promise<BookingResource> {
  const facts = await changeBooking(ctx, bookingId, {
    authorize: (f) => assertBookingOfActor(f, actor),
    decide: ({ booking }, now) => {
      if (booking.status !== 'pending') {
        throw appError('validation_failed', { field: 'status', message: MSG.proposalNotPending });
      }
      // The time asked for is not another time.
      if (input.booking_date === booking.bookingDate && input.booking_time === booking.bookingTime) {
        throw appError('validation_failed', { field: 'booking_time', message: MSG.selectDayAndTime });
      }
      const proposal = { booking_date: input.booking_date, booking_time: input.booking_time, note: input.note };
      // The proposal is the brand's first answer (the health report's time to answer).
      return { set: { proposal, updatedAt: now, answeredAt: booking.answeredAt ?? now } };
    },
    effects: async (tx, changed, now) => {
      await assertSlotOpen(tx, changed, input.booking_date, input.booking_time, now);
      const when = `${formatDay(input.booking_date)} at ${formatTime12(input.booking_time)}`;
      const text = notificationText.bookingProposal({ brandName: changed.campaign.brandName, when });
      const userId = changed.booking.userId;
      // notify() also pushes it to the user's devices.
      await notify(tx, ctx, { userId, ...text, groupKey: `proposal:${changed.booking.id}` });
    },
  });
  return toChangedResource(ctx, facts!, 'brand');
}
