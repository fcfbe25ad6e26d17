import type { AppContext } from '../../context';
import { finishPastVisits } from './bookings.service';

export const FINISH_VISITS_JOB = 'bookings:finish-visits';

/** Accepted visits become finished 12 hours after the visit time (decisions.md). */
export function registerBookingJobs(ctx: AppContext): void {
  ctx.jobs.every(FINISH_VISITS_JOB, 5 * 60_000, async () => {
    await finishPastVisits(ctx);
  });
}
