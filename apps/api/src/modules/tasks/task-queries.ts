import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { bookings, tasks } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { assertOwnedBy } from './tasks.policy';

/** Bookings whose task is live: an accepted visit, or one that has since finished. */
export const VISITED_STATUSES = ['accepted', 'finished'] as const;

/**
 * A task of the signed-in user: another user's task is 403, an unknown id 404, and a task whose
 * booking was cancelled or declined is no longer shown (404).
 */
export async function loadOwnTask(db: DbOrTx, userId: number, taskId: number) {
  const [row] = await db
    .select({ task: tasks, booking: bookings })
    .from(tasks)
    .innerJoin(bookings, eq(bookings.id, tasks.bookingId))
    .where(eq(tasks.id, taskId))
    .limit(1);
  if (!row) throw appError('not_found');
  assertOwnedBy(row.task, userId);
  if (!(VISITED_STATUSES as readonly string[]).includes(row.booking.status)) throw appError('not_found');
  return row;
}
