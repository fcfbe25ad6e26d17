import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import { rowsOf } from '../jobs/queue';
import type { DbOrTx } from './client';
import { preparedSql } from './prepared';

/**
 * Page marks of the staff queues (issue 31): the id at every `every`th position of a queue, so a
 * page opened by number deep in it seeks after its mark and skips fewer than `every` index entries
 * instead of the whole offset. Discovery keeps its marks in a table (campaign-paging.ts); a queue's
 * are a few ids per status, kept in the process beside its prepared statements and built on demand,
 * in one statement, the first time a deep page is asked after the queue changed.
 *
 * A queue's version is the `xmin` of its counter row: the triggers that keep the count rewrite that
 * row in the transaction of every change of the queue's members (migration 0012), so a new member,
 * a removed one or a rebuild gives it a new `xmin`. A page read from a mark checks, in its own
 * statement, that the counter row still has the mark's version, and reads nothing otherwise: the
 * caller then forgets the marks (the next deep page builds them again) and walks the offset. Tests
 * lower `every`.
 */
export const QUEUE_MARKS = { every: 500 };

/** A queue: its members numbered in its order, and its version, for the placeholders in `values`. */
export interface MarkedQueue {
  /** Names the build statement (prepared once per connection) and the marks of one set of values. */
  name: string;
  /** `select id, rn`: the queue's ids with their 1-based position in its order. */
  numbered: () => SQL;
  /** The queue's version as text: its counter row's `xmin::text` (see `counterVersion`). */
  version: () => SQL;
}

/** Where page `offset` starts: the `skip` members after `cursor`, while the queue is at `version`. */
export interface QueueMark {
  cursor: number;
  skip: number;
  version: string;
}

interface Marks {
  every: number;
  version: string | null;
  ids: number[];
}

/**
 * Per database handle, as the marks of one database say nothing of another's (tests run several).
 * The entry is the build's promise, so the deep pages asked together after a change wait for one
 * build instead of each running their own.
 */
const marksOf = new WeakMap<object, Map<string, Promise<Marks>>>();

/** SQL: the version of a queue kept in `counts` (one row per status), for the status `status`. */
export function counterVersion(counts: PgTable, status: SQL): SQL {
  return sql`(select q.xmin::text from ${counts} q where q.status = ${status})`;
}

/**
 * The mark page `offset` of the queue starts from, building the marks when there are none; none
 * before the first mark or past the last one (the caller walks the offset, which is short there or
 * past the end).
 */
export async function queueMark(
  db: DbOrTx,
  queue: MarkedQueue,
  key: string,
  values: Record<string, unknown>,
  offset: number,
): Promise<QueueMark | undefined> {
  const every = QUEUE_MARKS.every;
  const at = Math.floor(offset / every);
  if (at === 0) return undefined;
  let byKey = marksOf.get(db);
  if (!byKey) marksOf.set(db, (byKey = new Map()));
  let pending = byKey.get(key);
  let marks = pending && (await pending);
  if (!marks || marks.every !== every) {
    pending = buildMarks(db, queue, values, every);
    byKey.set(key, pending);
    try {
      marks = await pending;
    } catch (err) {
      if (byKey.get(key) === pending) byKey.delete(key);
      throw err;
    }
  }
  const cursor = marks.ids[at - 1];
  if (marks.version === null || cursor === undefined) return undefined;
  return { cursor, skip: offset - at * every, version: marks.version };
}

/** The marks a queue has in this process, if any (tests, diagnostics). */
export async function builtQueueMarks(db: DbOrTx, key: string): Promise<Readonly<Marks> | undefined> {
  return marksOf.get(db)?.get(key);
}

/** Forgets a queue's marks: a page read from them found the queue at another version. */
export function forgetQueueMarks(db: DbOrTx, key: string): void {
  marksOf.get(db)?.delete(key);
}

/** The marks and the version in one statement, so one snapshot of both. */
async function buildMarks(
  db: DbOrTx,
  queue: MarkedQueue,
  values: Record<string, unknown>,
  every: number,
): Promise<Marks> {
  const statement = preparedSql(
    db,
    `${queue.name}:marks`,
    () => sql`select ${queue.version()} as version, m.id from (select 1) one
      left join lateral (
        select n.id, n.rn from (${queue.numbered()}) n where n.rn % ${sql.placeholder('every')}::int = 0
      ) m on true
      order by m.rn`,
  );
  const rows = rowsOf<{ version: string | null; id: number | null }>(await statement.execute({ ...values, every }));
  return {
    every,
    version: rows[0]?.version ?? null,
    ids: rows.filter((r) => r.id !== null).map((r) => Number(r.id)),
  };
}
