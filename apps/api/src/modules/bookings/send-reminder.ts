import type { AppContext } from '../../context';
import { bookingReminders } from '../../db/schema';
import { queueMail } from '../mail/queue-mail';
import { notificationText } from '../notifications/notification-texts';
import { loadBookingFacts, visitFactsOf } from './booking-change';
import { notifyMedia, postBookingEvent, taskDueDay } from './booking-notices';
import { taskReminderMail, visitReminderMail } from './bookings.mails';
import type { ReminderKind } from './reminder-schedule';
import { taskDueAt } from './visit-times';

/**
 * Job: sends one reminder if it still applies, exactly once: the ledger row (booking, kind) is
 * written in the transaction that queues the mail, so a job run twice (a node died after sending, a
 * lease ran out) finds the row and sends nothing. Returns whether a mail was queued.
 */
export async function sendReminder(ctx: AppContext, bookingId: number, kind: ReminderKind): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const facts = await loadBookingFacts(tx, bookingId, { lock: true });
    if (!facts) return false;
    const { booking: b, task } = facts;
    const now = ctx.clock.now();
    const visit = kind === 'visit-24h' || kind === 'visit-2h';
    if (visit) {
      if (b.status !== 'accepted' || now.getTime() >= b.visitAt.getTime()) return false;
    } else {
      const live = b.status === 'accepted' || b.status === 'finished';
      if (!live || !task || task.completed || task.closedAt) return false;
      if (now.getTime() >= taskDueAt(b.visitAt).getTime()) return false;
    }
    const [entry] = await tx
      .insert(bookingReminders)
      .values({ bookingId: b.id, kind, sentAt: now })
      .onConflictDoNothing()
      .returning();
    if (!entry) return false;
    if (visit) {
      const hours = kind === 'visit-24h' ? 24 : 2;
      await queueMail(tx, await visitReminderMail(ctx.config, visitFactsOf(facts), hours, b.inviteSequence ?? 0, now));
    } else if (task) {
      const day = kind === 'task-day-3' ? 3 : 6;
      await queueMail(tx, taskReminderMail(ctx.config, visitFactsOf(facts), day, task.id, taskDueAt(b.visitAt)));
      const due = taskDueDay(b);
      await postBookingEvent(tx, ctx, b, 'task_due', `due ${due}`);
      const brandName = facts.campaign.brandName;
      await notifyMedia(tx, ctx, b, notificationText.taskDue({ brandName, due, taskId: task.id }));
    }
    return true;
  });
}
