import type { NotificationType } from '@comped/shared/notification-kinds';
import type { NotificationList, NotificationResource } from '@comped/shared/schemas/notifications';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { fromDriver, preparedSql } from '../../db/prepared';
import { notificationCounts, notifications } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
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
  // Two shapes (all, unread only), each prepared once per connection (issue 31). The bell's figures
  // are kept on write (notification_counts, migration 0023), so one statement reads them and the
  // page beside them: the counter row, joined to the page's rows (none past the last page).
  const shape = query.unreadOnly ? 'unread' : 'all';
  const statement = preparedSql(db, `notifications_page:${shape}`, () => {
    const n = notifications;
    const page = db
      .select()
      .from(n)
      .where(and(eq(n.userId, sql`c.user_id`), query.unreadOnly ? isNull(n.readAt) : undefined))
      .orderBy(desc(n.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .getSQL();
    return sql`select c.total as counted_total, c.unread as counted_unread, n.*
      from ${notificationCounts} c left join lateral (${page}) n on true
      where c.user_id = ${sql.placeholder('user')} order by n.id desc`;
  });
  const values = { user: userId, limit: query.size, offset: pageOffset(query.page, query.size) };
  const rows = rowsOf<Record<string, unknown>>(await statement.execute(values));
  const total = Number(rows[0]?.counted_total ?? 0);
  const unread = Number(rows[0]?.counted_unread ?? 0);
  return {
    data: rows.filter((r) => r.id !== null).map((r) => toNotificationResource(fromDriver(notifications, r))),
    meta: { ...pageMeta(query.page, query.size, query.unreadOnly ? unread : total), unread },
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
