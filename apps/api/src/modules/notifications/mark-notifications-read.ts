import { and, eq, inArray, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

/** POST notifications/read: the caller's notifications by id (others' ids are left alone), or all. */
export async function markNotificationsRead(
  db: DbOrTx,
  userId: number,
  which: { ids?: number[]; all?: true },
  now: Date,
): Promise<void> {
  const mineUnread = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(which.all ? mineUnread : and(mineUnread, inArray(notifications.id, which.ids ?? [])));
}

/** Marks the user's unread notification of a group read (a conversation read in its thread). */
export async function markGroupRead(db: DbOrTx, userId: number, groupKey: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), eq(notifications.groupKey, groupKey), isNull(notifications.readAt)));
}
