import type { NotificationType } from '@comped/shared/notification-kinds';
import type { NotificationList, NotificationResource } from '@comped/shared/schemas/notifications';
import { and, count, desc, eq, isNull } from 'drizzle-orm';

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
  const [rows, [total], [unreadCount]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(query.size)
      .offset(pageOffset(query.page, query.size)),
    db.select({ n: count() }).from(notifications).where(where),
    query.unreadOnly ? Promise.resolve([undefined]) : db.select({ n: count() }).from(notifications).where(unread),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    data: rows.map(toNotificationResource),
    meta: { ...pageMeta(query.page, query.size, totalCount), unread: unreadCount?.n ?? totalCount },
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
