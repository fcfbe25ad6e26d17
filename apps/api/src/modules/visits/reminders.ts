import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bookingReminders, bookings, tasks } from '../../db/schema';
import { loadFacts } from '../bookings/bookings.service';
import { REMINDER_JOB, REMINDERS } from './reminder-schedule';
import type { ReminderKind } from './reminder-schedule';
import { taskDueAt } from './visit-times';
import { mailTaskReminder, mailVisitReminder } from './visits.mails';

function isKind(v: unknown): v is ReminderKind {
  return typeof v === 'string' && Object.hasOwn(REMINDERS, v);
}

/**
 * Sends one reminder if it still applies, exactly once: the ledger row (booking, kind) is written
 * in the transaction that queues the mail, so a job run twice (a node died after sending, a lease
 * ran out) finds the row and sends nothing. Returns whether a mail was queued.
 */
export async function sendReminder(ctx: AppContext, bookingId: number, kind: ReminderKind): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
    if (!b) return false;
    const now = ctx.clock.now();
    let task: typeof tasks.$inferSelect | undefined;
    if (kind === 'visit-24h' || kind === 'visit-2h') {
      if (b.status !== 'accepted' || now.getTime() >= b.visitAt.getTime()) return false;
    } else {
      [task] = await tx.select().from(tasks).where(eq(tasks.bookingId, b.id)).limit(1);
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
    const facts = await loadFacts(tx, b);
    if (kind === 'visit-24h' || kind === 'visit-2h') {
      await mailVisitReminder(tx, ctx.config, facts, kind === 'visit-24h' ? 24 : 2, b.inviteSequence ?? 0, now);
    } else if (task) {
      await mailTaskReminder(tx, ctx.config, facts, kind === 'task-day-3' ? 3 : 6, task.id, taskDueAt(b.visitAt));
    }
    return true;
  });
}

export function registerVisitJobs(ctx: AppContext): void {
  ctx.jobs.register(REMINDER_JOB, async (payload) => {
    const bookingId = Number(payload.bookingId);
    if (!Number.isInteger(bookingId) || !isKind(payload.kind)) return;
    await sendReminder(ctx, bookingId, payload.kind);
  });
}
