import { MSG } from '@comped/shared/messages';
import type { PageCursorQuery } from '@comped/shared/paging';
import type { ApplicationStatus } from '@comped/shared/statuses';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { arrayParam, fromDriver, pageOfIds, preparedOn, preparedSql } from '../../db/prepared';
import type { MarkedQueue } from '../../db/queue-marks';
import { counterVersion, forgetQueueMarks, queueMark } from '../../db/queue-marks';
import { mediaApplications, mediaApplicationStatusCounts } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { appError } from '../../lib/app-error';
import { pageMeta, pageStart } from '../../lib/paging';
import type { ApplicationRow } from './application.serializer';
import { toApplicationResource } from './application.serializer';

/**
 * The staff applications queue. Pending: the oldest first (a queue); reviewed: the latest decisions
 * first. With `page[cursor]` (the previous page's last application) the page is an index seek
 * after it; the exact total is the status's counter row (media_application_status_counts), so no
 * page counts the queue (docs/performance.md).
 */
export async function listApplications(ctx: AppContext, status: ApplicationStatus, page: PageCursorQuery) {
  const a = mediaApplications;
  const size = page['page[size]'];
  const start = pageStart(page);
  const values = { status, cursor: start.cursor, limit: size, offset: start.offset };
  const total = () =>
    preparedOn(ctx.db, 'applications_total', (on) =>
      on
        .select({ n: mediaApplicationStatusCounts.n })
        .from(mediaApplicationStatusCounts)
        .where(eq(mediaApplicationStatusCounts.status, sql.placeholder('status')))
        .prepare('applications_total'),
    ).execute(values);
  const meta = (counted: { n: number } | undefined) => pageMeta(page['page[number]'], size, counted?.n ?? 0);
  // The pending queue (what the staff work through): its page and its counter row in one statement,
  // prepared once per connection (issue 31).
  if (status === 'pending') {
    const answer = (queue: { rows: ApplicationRow[]; total: number }) => ({
      data: queue.rows.map(toApplicationResource),
      meta: pageMeta(page['page[number]'], size, queue.total),
    });
    // A deep page by number seeks after its page mark (db/queue-marks.ts); marks of an older
    // version of the queue read nothing, and the page walks its offset instead.
    const mark =
      start.offset > 0 ? await queueMark(ctx.db, PENDING_QUEUE, PENDING_QUEUE.name, {}, start.offset) : undefined;
    if (mark) {
      const queue = await pendingApplications(ctx.db, 'mark', {
        ...values,
        cursor: mark.cursor,
        offset: mark.skip,
        version: mark.version,
      });
      if (queue.rows.length > 0 || start.offset >= queue.total) return answer(queue);
      forgetQueueMarks(ctx.db, PENDING_QUEUE.name);
    }
    const shape = start.offset > 0 ? 'number' : start.cursor !== undefined ? 'cursor' : 'first';
    return answer(await pendingApplications(ctx.db, shape, values));
  }
  // A reviewed list seeks by a pair read first, so its ids are built per request, and its rows
  // come by a prepared statement (one statement built per request measured slower).
  const [idRows, [counted]] = await Promise.all([
    ctx.db
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.status, status), await applicationSeek(ctx, status, start.cursor)))
      .orderBy(desc(a.reviewedAt), desc(a.id))
      .limit(size)
      .offset(start.offset),
    total(),
  ]);
  const ids = idRows.map((r) => r.id);
  const found = ids.length
    ? await preparedOn(ctx.db, 'applications_by_ids', (on) =>
        on
          .select()
          .from(a)
          .where(sql`${a.id} = any(${sql.placeholder('ids')}::int[])`)
          .prepare('applications_by_ids'),
      ).execute({ ids: arrayParam(ids) })
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  return { data: rows.map(toApplicationResource), meta: meta(counted) };
}

/** The pending applications, oldest first, for their page marks; the version is their counter row's. */
const PENDING_QUEUE: MarkedQueue = {
  name: 'applications_pending_queue',
  numbered: () =>
    sql`select ${mediaApplications.id} as id, row_number() over (order by ${mediaApplications.id}) as rn
      from ${mediaApplications} where ${mediaApplications.status} = 'pending'`,
  version: () => counterVersion(mediaApplicationStatusCounts, sql`'pending'`),
};

/**
 * The pending queue's page, oldest first, with the queue's total from its counter row, in one
 * statement: the counter row joined to the page's rows (none past the last page). The first page
 * and a page after a cursor read their rows directly (they skip nothing); a page by number reads
 * its ids first, index-only on (status, id), then their rows: from its page mark (`mark`, fewer
 * than QUEUE_MARKS.every entries skipped) or over the whole offset (`number`).
 */
async function pendingApplications(
  db: DbOrTx,
  shape: 'first' | 'cursor' | 'number' | 'mark',
  values: Record<string, unknown>,
): Promise<{ rows: ApplicationRow[]; total: number }> {
  const statement = preparedSql(db, `applications_pending:${shape}`, () => {
    const a = mediaApplications;
    const queued = and(
      eq(a.status, sql`c.status`),
      shape === 'cursor' || shape === 'mark' ? gt(a.id, sql.placeholder('cursor')) : undefined,
      // A page from a mark reads nothing unless the queue is still at the mark's version.
      shape === 'mark' ? sql`c.xmin::text = ${sql.placeholder('version')}` : undefined,
    );
    const page =
      shape === 'number' || shape === 'mark'
        ? sql`select a.*, page.ord from ${pageOfIds(
            db
              .select({ id: a.id })
              .from(a)
              .where(queued)
              .orderBy(asc(a.id))
              .limit(sql.placeholder('limit'))
              .offset(sql.placeholder('offset'))
              .getSQL(),
          )} join ${a} a on a.id = page.id`
        : sql`select ${a}.*, ${a.id} as ord from ${a} where ${queued} order by ${a.id} limit ${sql.placeholder('limit')}`;
    return sql`select c.n as counted_total, p.* from ${mediaApplicationStatusCounts} c
      left join lateral (${page}) p on true
      where c.status = ${sql.placeholder('status')} order by p.ord`;
  });
  const found = rowsOf<Record<string, unknown>>(await statement.execute(values));
  return {
    rows: found.filter((r) => r.id !== null).map((r) => fromDriver(mediaApplications, r)),
    total: Number(found[0]?.counted_total ?? 0),
  };
}

/** The applications after the cursor in the list's order; a cursor that is not in the list is a 422. */
async function applicationSeek(ctx: AppContext, status: ApplicationStatus, cursor: number | undefined) {
  const a = mediaApplications;
  if (cursor === undefined) return undefined;
  if (status === 'pending') return gt(a.id, cursor);
  // Reviewed lists are ordered by (reviewed_at DESC, id DESC): seek below the cursor's pair. The
  // timestamp travels as text, as JavaScript dates would drop PostgreSQL's microseconds.
  const [at] = await ctx.db
    .select({ reviewedAt: sql<string | null>`${a.reviewedAt}::text` })
    .from(a)
    .where(and(eq(a.id, cursor), eq(a.status, status)));
  if (!at) throw appError('validation_failed', { field: 'page[cursor]', message: MSG.pageCursor });
  // DESC puts a missing reviewed_at first (none is expected: every decision sets it).
  if (at.reviewedAt === null) return or(and(isNull(a.reviewedAt), lt(a.id, cursor)), isNotNull(a.reviewedAt));
  return sql`(${a.reviewedAt}, ${a.id}) < (${at.reviewedAt}::timestamptz, ${cursor}::int)`;
}
