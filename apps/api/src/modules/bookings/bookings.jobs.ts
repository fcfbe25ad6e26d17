import type { AppContext } from '../../context';
import { expirePendingBookings } from './expire-pending-bookings';
import { expireWaitlistHold } from './expire-waitlist-hold';
import { finishPastVisits } from './finish-past-visits';
import type { ReminderKind } from './reminder-schedule';
import { REMINDER_JOB, REMINDERS } from './reminder-schedule';
import { sendReminder } from './send-reminder';
import { WAITLIST_HOLD_JOB } from './waitlist-places';

export const FINISH_VISITS_JOB = 'bookings:finish-visits';
export const EXPIRE_REQUESTS_JOB = 'bookings:expire-requests';

function isReminderKind(v: unknown): v is ReminderKind {
  return typeof v === 'string' && Object.hasOwn(REMINDERS, v);
}

/**
 * The booking's jobs, registered in one place (register-jobs.ts calls this): accepted visits become
 * finished 12 hours after the visit time; pending requests expire (declined, reason `expired`, the
 * media user mailed) at their visit time (decisions.md); the reminders an accept scheduled.
 */
export function registerBookingJobs(ctx: AppContext): void {
  ctx.jobs.every(FINISH_VISITS_JOB, 5 * 60_000, async () => {
    await finishPastVisits(ctx);
  });
  ctx.jobs.every(EXPIRE_REQUESTS_JOB, 5 * 60_000, async () => {
    await expirePendingBookings(ctx);
  });
  ctx.jobs.register(REMINDER_JOB, async (payload) => {
    const bookingId = Number(payload.bookingId);
    if (!Number.isInteger(bookingId) || !isReminderKind(payload.kind)) return;
    await sendReminder(ctx, bookingId, payload.kind);
  });
  // A waitlist offer's hold that was not used (issue 30).
  ctx.jobs.register(WAITLIST_HOLD_JOB, async (payload) => {
    const entryId = Number(payload.entryId);
    if (!Number.isInteger(entryId)) return;
    await expireWaitlistHold(ctx, entryId);
  });
}
