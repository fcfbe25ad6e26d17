import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { noShowClosedMessage, noShowNotYetMessage } from '@comped/shared/validation/visits';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { tasks } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { queueMail } from '../mail/queue-mail';
import { notificationText } from '../notifications/notification-texts';
import { changeBooking, toChangedResource, visitFactsOf } from './booking-change';
import { notifyMedia, postBookingEvent, visitWhen } from './booking-notices';
import { noShowMail } from './bookings.mails';
import type { BrandActor } from './bookings.policy';
import { assertBookingOfActor } from './bookings.policy';
import { disputeUntil, localWhen, noShowFrom, noShowRefusal, noShowUntil } from './visit-times';

/**
 * PUT brands/{id}/bookings/{bookingId} {"status": "no_show"}: from 2 hours to 7 days after the visit,
 * for an accepted (or since auto-finished, unrated) visit without check-in, whose dispute staff have
 * not settled (noShowRefusal). A completed task does not prevent it; the task closes, the media user
 * is told and may dispute, and the calendar invitation is withdrawn.
 */
export async function markNoShow(ctx: AppContext, actor: BrandActor, bookingId: number): Promise<BookingResource> {
  const facts = await changeBooking(ctx, bookingId, {
    authorize: (f) => assertBookingOfActor(f, actor),
    decide: ({ booking: b, location }, now) => {
      const field = 'status';
      const zone = location.timeZone;
      switch (noShowRefusal(b, now)) {
        case 'checked_in':
          throw appError('visit_checked_in', { field, message: MSG.noShowCheckedIn });
        case 'settled':
          throw appError('visit_settled', { field, message: MSG.noShowSettled });
        case 'not_accepted':
          throw appError('visit_not_accepted', { field, message: MSG.noShowNotAccepted });
        case 'too_early':
          throw appError('no_show_too_early', {
            field,
            message: noShowNotYetMessage(localWhen(noShowFrom(b.visitAt), zone)),
          });
        case 'too_late':
          throw appError('no_show_window_closed', {
            field,
            message: noShowClosedMessage(localWhen(noShowUntil(b.visitAt), zone)),
          });
        case null:
          return { set: { status: 'no_show', noShowAt: now, updatedAt: now, decidedBy: actor.userId } };
      }
    },
    effects: async (tx, changed, now) => {
      let task = changed.task;
      if (task) {
        await tx.update(tasks).set({ closedAt: now }).where(eq(tasks.id, task.id));
        task = { ...task, closedAt: now };
      }
      const until = localWhen(disputeUntil(now), changed.location.timeZone);
      await queueMail(tx, noShowMail(ctx.config, visitFactsOf(changed), until));
      const when = visitWhen(changed.booking);
      await postBookingEvent(tx, ctx, changed.booking, 'no_show', when);
      await notifyMedia(
        tx,
        ctx,
        changed.booking,
        notificationText.noShow({ brandName: changed.campaign.brandName, when }),
      );
      return { task };
    },
    withdraw: 'no_show',
  });
  return toChangedResource(ctx, facts!, 'brand');
}
