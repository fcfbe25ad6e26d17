import type { AppContext } from '../../context';
import { expirePendingBookings, finishPastVisits } from './bookings.service';

export const FINISH_VISITS_JOB = 'bookings:finish-visits';
export const EXPIRE_REQUESTS_JOB = 'bookings:expire-requests';

/**
 * Accepted visits become finished 12 hours after the visit time; pending requests expire (declined,
 * reason `expired`, the media user mailed) at their visit time (decisions.md).
 */
export function registerBookingJobs(ctx: AppContext): void {
  ctx.jobs.every(FINISH_VISITS_JOB, 5 * 60_000, async () => {
    await finishPastVisits(ctx);
  });
  ctx.jobs.every(EXPIRE_REQUESTS_JOB, 5 * 60_000, async () => {
    await expirePendingBookings(ctx);
  });
}
