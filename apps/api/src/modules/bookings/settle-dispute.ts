import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { tasks } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { queueMail } from '../mail/queue-mail';
import { mailWanted } from '../notifications/notification-preferences';
import { notificationText } from '../notifications/notification-texts';
import { changeBooking, toChangedResource, visitFactsOf } from './booking-change';
import { notifyMedia, visitWhen } from './booking-notices';
import { disputeSettledMail } from './bookings.mails';

/**
 * POST admin/disputes/{bookingId}/settle {outcome} (staff): the no-show stands, or the booking
 * returns to finished and its task opens again. The media user is told either way: in the bell, and
 * by mail unless they turned dispute mails off (notification-preferences).
 */
export async function settleDispute(
  ctx: AppContext,
  bookingId: number,
  outcome: 'no_show' | 'finished',
): Promise<BookingResource> {
  try {
    const facts = await changeBooking(ctx, bookingId, {
      decide: ({ booking: b }, now) => {
        if (!b.disputedAt) throw appError('not_found');
        if (b.disputeSettledAt) throw appError('dispute_already_settled', { message: MSG.disputeAlreadySettled });
        return {
          set: {
            disputeSettledAt: now,
            disputeOutcome: outcome,
            updatedAt: now,
            ...(outcome === 'finished' ? { status: 'finished' as const } : {}),
          },
        };
      },
      effects: async (tx, changed) => {
        let task = changed.task;
        if (outcome === 'finished' && task) {
          await tx.update(tasks).set({ closedAt: null }).where(eq(tasks.bookingId, changed.booking.id));
          task = { ...task, closedAt: null };
        }
        // Its own mail (what changed for the task, too), when the media user wants this kind mailed.
        if (await mailWanted(tx, changed.booking.userId, 'dispute_settled')) {
          await queueMail(tx, disputeSettledMail(ctx.config, visitFactsOf(changed), outcome));
        }
        const when = visitWhen(changed.booking);
        await notifyMedia(tx, ctx, changed.booking, notificationText.disputeSettled({ when, outcome }));
        return { task };
      },
    });
    return await toChangedResource(ctx, facts!, 'brand');
  } catch (err) {
    // The media user has booked the campaign again since: two live bookings cannot exist.
    if (isUniqueViolation(err)) throw appError('conflict', { message: MSG.noShowStandsNewerBooking });
    throw err;
  }
}
