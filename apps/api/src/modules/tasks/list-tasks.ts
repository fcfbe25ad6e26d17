import type { PageQuery } from '@comped/shared/paging';
import type { PageMeta } from '@comped/shared/paging';
import type { TaskResource } from '@comped/shared/schemas/resources';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { fromDriver, preparedOn } from '../../db/prepared';
import { bookings, tasks } from '../../db/schema';
import { pageMeta, pageOffset } from '../../lib/paging';
import { bookingPage } from '../bookings/bookings.serializer';
import { VISITED_STATUSES } from './task-queries';
import type { TaskCampaignFields } from './tasks.serializer';
import { toTaskResource } from './tasks.serializer';

export async function listTasks(
  ctx: AppContext,
  userId: number,
  query: PageQuery & { completed?: boolean },
): Promise<{
  data: TaskResource[];
  meta: PageMeta;
}> {
  const page = query['page[number]'];
  const size = query['page[size]'];
  // One shape per completion filter (none, open, completed), each prepared once per connection with
  // its values as placeholders (issue 31).
  const shape = query.completed === undefined ? 'all' : query.completed ? 'completed' : 'open';
  const where = and(
    eq(tasks.userId, sql.placeholder('user')),
    inArray(bookings.status, [...VISITED_STATUSES]),
    shape === 'all' ? undefined : eq(tasks.completed, shape === 'completed'),
  );
  // Open tasks: the earliest visit first; completed ones: the latest completion first.
  const order =
    shape === 'open'
      ? [asc(bookings.visitAt), asc(tasks.id)]
      : shape === 'completed'
        ? [desc(tasks.completedAt), desc(tasks.id)]
        : [desc(bookings.visitAt), desc(tasks.id)];
  const totalQuery = preparedOn(ctx.db, `tasks_total:${shape}`, (on) =>
    on
      .select({ n: count() })
      .from(tasks)
      .innerJoin(bookings, eq(bookings.id, tasks.bookingId))
      .where(where)
      .prepare(`tasks_total:${shape}`),
  );
  const values = { user: userId, limit: size, offset: pageOffset(page, size) };
  const now = ctx.clock.now();
  // One statement for the page (its bookings' ids in order, then each booking with its related rows,
  // its task and its campaign's task columns), the total beside it; each prepared once per
  // connection and shape (issue 31).
  const [[totalRow], entries] = await Promise.all([
    totalQuery.execute(values),
    bookingPage(
      ctx.db,
      `tasks_page:${shape}`,
      () =>
        ctx.db
          .select({ id: bookings.id })
          .from(tasks)
          .innerJoin(bookings, eq(bookings.id, tasks.bookingId))
          .where(where)
          .orderBy(...order)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .getSQL(),
      values,
      { side: 'media', now },
      sql`to_json(t) as task_row, c.influencer_instructions as task_instructions, c.usage_rights as task_usage_rights`,
    ),
  ]);
  const data = entries.map(({ row, resource, raw }) =>
    toTaskResource(
      fromDriver(tasks, raw.task_row as Record<string, unknown>),
      { row, resource },
      {
        influencerInstructions: raw.task_instructions as TaskCampaignFields['influencerInstructions'],
        usageRights: raw.task_usage_rights as TaskCampaignFields['usageRights'],
      },
      now,
    ),
  );
  return { data, meta: pageMeta(page, size, Number(totalRow?.n ?? 0)) };
}
