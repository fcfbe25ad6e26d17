import { LIMITS } from '@comped/shared/limits';
import { and, eq, lte } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { bookings } from '../../db/schema';

/**
 * Job: accepted bookings become finished once the visit has passed by 12 hours, in one statement
 * (no mail goes with it, so the rows need not be read). Returns how many.
 */
export async function finishPastVisits(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - LIMITS.finishAfterVisitHours * 3600_000);
  const rows = await ctx.db
    .update(bookings)
    .set({ status: 'finished', updatedAt: now })
    .where(and(eq(bookings.status, 'accepted'), lte(bookings.visitAt, cutoff)))
    .returning({ id: bookings.id });
  return rows.length;
}
