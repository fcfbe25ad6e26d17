import type { NotificationType } from '@comped/shared/notification-kinds';
import type { NotificationList, NotificationResource } from '@comped/shared/schemas/notifications';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
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
  const countsQuery = preparedOn(db, `notifications_counts:${shape}`, (on) =>
    on
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      })
      .from(notifications)
      .where(where())
      .prepare(`notifications_counts:${shape}`),
  );
  const values = { user: userId, limit: query.size, offset: pageOffset(query.page, query.size) };
  // Both counts in one statement beside the page (each an index-only count of the user's rows).
  const [rows, [counts]] = await Promise.all([pageQuery.execute(values), countsQuery.execute(values)]);
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
