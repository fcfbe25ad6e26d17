import type { NotificationType } from '@comped/shared/notification-kinds';
import type { NotificationList, NotificationResource } from '@comped/shared/schemas/notifications';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { notificationCounts, notifications } from '../../db/schema';
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
  // Two shapes (all, unread only), each statement prepared once per connection (issue 31).
  const shape = query.unreadOnly ? 'unread' : 'all';
  const where = () => {
    const mine = eq(notifications.userId, sql.placeholder('user'));
    return query.unreadOnly ? and(mine, isNull(notifications.readAt)) : mine;
  };
  const pageQuery = preparedOn(db, `notifications_page:${shape}`, (on) =>
    on
      .select()
      .from(notifications)
      .where(where())
      .orderBy(desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`notifications_page:${shape}`),
  );
  // The bell's figures are kept on write (notification_counts, migration 0023): no read counts the
  // user's notifications.
  const countsQuery = preparedOn(db, 'notification_counts', (on) =>
    on
      .select({ total: notificationCounts.total, unread: notificationCounts.unread })
      .from(notificationCounts)
      .where(eq(notificationCounts.userId, sql.placeholder('user')))
      .prepare('notification_counts'),
  );
  const values = { user: userId, limit: query.size, offset: pageOffset(query.page, query.size) };
  const [rows, [counts]] = await Promise.all([pageQuery.execute(values), countsQuery.execute(values)]);
  const unread = counts?.unread ?? 0;
  return {
    data: rows.map(toNotificationResource),
    meta: { ...pageMeta(query.page, query.size, query.unreadOnly ? unread : (counts?.total ?? 0)), unread },
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
