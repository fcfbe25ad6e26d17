import type { NotificationType } from '@comped/shared/notification-kinds';
import type { NotificationList, NotificationResource } from '@comped/shared/schemas/notifications';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { pageMeta, pageOffset } from '../../lib/paging';

export type NotificationRow = typeof notifications.$inferSelect;

export function toNotificationResource(row: NotificationRow): NotificationResource {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/** GET notifications: the user's, newest first, paged; `meta.unread` counts the unread ones. */
export async function listNotifications(
  db: DbOrTx,
  userId: number,
  query: { page: number; size: number; unreadOnly: boolean },
): Promise<NotificationList> {
  const mine = eq(notifications.userId, userId);
  const unread = and(mine, isNull(notifications.readAt));
  const where = query.unreadOnly ? unread : mine;
  // Both counts in one statement beside the page (each an index-only count of the user's rows).
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(query.size)
      .offset(pageOffset(query.page, query.size)),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      })
      .from(notifications)
      .where(where),
  ]);
  const totalCount = counts?.total ?? 0;
  return {
    data: rows.map(toNotificationResource),
    meta: { ...pageMeta(query.page, query.size, totalCount), unread: counts?.unread ?? totalCount },
  };
}

/** Notifications `userId` may receive on their stream: one of theirs by id (null: not theirs, or gone). */
export async function notificationOf(db: DbOrTx, userId: number, id: number): Promise<NotificationResource | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row ? toNotificationResource(row) : null;
}
