import type { BookingResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { tasks } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { queueMail } from '../mail/queue-mail';
import { notificationText } from '../notifications/notification-texts';
import type { BookingFacts } from './booking-change';
import { brandSideOfFacts, changeBooking, toChangedResource, visitFactsOf } from './booking-change';
import { notifyMedia, postBookingEvent, visitWhen } from './booking-notices';
import { bookingAcceptedMail, bookingDeclinedMail } from './bookings.mails';
import type { BrandActor } from './bookings.policy';
import { assertBookingOfActor } from './bookings.policy';
import type { BookingRow } from './bookings.serializer';
import { scheduleReminders } from './reminder-schedule';
import { newCheckInCode } from './visit-times';
import { offerFreedPlaces } from './waitlist-places';

/** A request left unanswered until its visit time, whether still pending or already expired by the job. */
function isExpiredRequest(b: BookingRow, now: Date): boolean {
  if (b.status === 'declined') return b.declineReason === 'expired';
  return b.status === 'pending' && b.visitAt.getTime() <= now.getTime();
}

/**
 * What an accept brings (here and when the media user accepts the brand's proposed time): the task,
 * the accepted mail with its invitation, the reminders.
 */
export async function acceptedEffects(
  ctx: AppContext,
  tx: Tx,
  changed: BookingFacts,
  now: Date,
): Promise<Partial<BookingFacts>> {
  const { booking } = changed;
  const [task] = await tx
    .insert(tasks)
    .values({ bookingId: booking.id, userId: booking.userId, createdAt: now })
    .returning();
  await queueMail(tx, await bookingAcceptedMail(ctx.config, visitFactsOf(changed), now));
  await scheduleReminders(tx, booking, now);
  return { task };
}

/**
 * PUT brands/{id}/bookings/{bookingId} {accepted | declined}: from pending only, so of two racing
 * answers one wins and the other is told the booking was already updated. A request whose visit
 * time has passed unanswered has expired (decisions.md): it cannot be accepted, whether or not the
 * expiry job has declined it yet. Accepting hands out the check-in code, creates the task, mails
 * the invitation (SEQUENCE 0) and schedules the reminders; declining withdraws an invitation.
 */
export async function answerBooking(
  ctx: AppContext,
  actor: BrandActor,
  bookingId: number,
  status: 'accepted' | 'declined',
): Promise<BookingResource> {
  const accept = status === 'accepted';
  const facts = await changeBooking(ctx, bookingId, {
    authorize: (f) => assertBookingOfActor(f, actor),
    decide: ({ booking }, now) => {
      if (accept && isExpiredRequest(booking, now)) throw appError('booking_expired', { field: 'status' });
      if (booking.status !== 'pending') throw appError('booking_already_updated', { field: 'status' });
      return {
        set: accept
          ? {
              status,
              updatedAt: now,
              answeredAt: now,
              checkInCode: newCheckInCode(),
              inviteSequence: 0,
              decidedBy: actor.userId,
            }
          : { status, updatedAt: now, answeredAt: now, decidedBy: actor.userId },
      };
    },
    effects: async (tx, changed, now) => {
      const { booking } = changed;
      const brandName = changed.campaign.brandName;
      const when = visitWhen(booking);
      const code = accept ? 'accepted' : 'declined';
      await postBookingEvent(tx, ctx, booking, code, when, brandSideOfFacts(changed), changed.conversation);
      if (!accept) {
        await queueMail(tx, bookingDeclinedMail(ctx.config, visitFactsOf(changed)));
        await notifyMedia(tx, ctx, booking, notificationText.bookingDeclined({ brandName, when }));
        // The place is free again: the week's first waiting user is offered it (issue 30).
        await offerFreedPlaces(tx, ctx, booking.campaignId, booking.weekStart, now);
        return;
      }
      await notifyMedia(tx, ctx, booking, notificationText.bookingAccepted({ brandName, when }));
      return acceptedEffects(ctx, tx, changed, now);
    },
    withdraw: accept ? undefined : 'declined',
  });
  return toChangedResource(ctx, facts!, 'brand');
}
