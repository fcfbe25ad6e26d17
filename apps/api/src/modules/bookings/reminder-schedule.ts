import type { DbOrTx } from '../../db/client';
import { jobs } from '../../db/schema';

export const REMINDER_JOB = 'visits:reminder';

const HOUR = 3600_000;

/** Each reminder, and when it is due relative to the visit. */
export const REMINDERS = {
  'visit-24h': { offsetMs: -24 * HOUR },
  'visit-2h': { offsetMs: -2 * HOUR },
  'task-day-3': { offsetMs: 3 * 24 * HOUR },
  'task-day-6': { offsetMs: 6 * 24 * HOUR },
} as const;
export type ReminderKind = keyof typeof REMINDERS;

/** The job queue's singleton key: one job per booking and reminder, however often it is scheduled. */
export const reminderKey = (kind: ReminderKind, bookingId: number) => `visit-reminder:${kind}:${bookingId}`;

/**
 * On accept, in the accept's transaction: one job per reminder still ahead, all in one statement.
 * The singleton key keeps a second schedule (a retried request, another node) from adding a twin
 * (enqueue's `onConflictDoNothing`); the handler re-reads the booking, so a visit cancelled in
 * between gets no reminder.
 */
export async function scheduleReminders(tx: DbOrTx, row: { id: number; visitAt: Date }, now: Date): Promise<void> {
  const ahead = (Object.entries(REMINDERS) as [ReminderKind, { offsetMs: number }][])
    .map(([kind, { offsetMs }]) => ({ kind, runAt: new Date(row.visitAt.getTime() + offsetMs) }))
    .filter(({ runAt }) => runAt.getTime() > now.getTime());
  if (ahead.length === 0) return;
  await tx
    .insert(jobs)
    .values(
      ahead.map(({ kind, runAt }) => ({
        name: REMINDER_JOB,
        payload: { bookingId: row.id, kind },
        runAt,
        singletonKey: reminderKey(kind, row.id),
        maxAttempts: 5,
      })),
    )
    .onConflictDoNothing();
}
