import type { Reliability } from '@comped/shared/validation/visits';
import { VISIT_RULES } from '@comped/shared/visit-rules';
import type { SQL } from 'drizzle-orm';
import { eq, inArray, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { mediaReliability } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';

/**
 * The reliability score (decisions.md, Beyond the specification), the one place it is computed.
 * A visit is decided when its outcome is known:
 *   for:     checked in, or finished with the task completed within 7 days of the visit;
 *   against: a no-show (one that staff reversed is finished again), or a cancellation made inside
 *            the 24-hour window before the visit.
 * A task completed without a check-in vouches for nothing by itself (anyone can complete it once
 * the visit time has passed): it counts for while the booking stays finished, and the brand may
 * still mark a no-show until 7 days after the visit; that no-show then counts against, the
 * completed task notwithstanding, unless staff reverse it on dispute (ADR 016).
 * Anything else (pending, upcoming, declined, an early cancellation, a finished visit without
 * check-in whose report is missing or late) is not decided and does not count either way.
 * `percent` is the share of "for" among the newest 20 decided visits, rounded; `visits` counts
 * every decided visit. One query serves a whole page of users: the lists never query per row.
 *
 * This is the reference computation: the lists read the figures kept on write in media_reliability
 * (migration 0021's `media_reliability_computed` is this query in SQL, run by triggers on bookings
 * and tasks), and reliability.test.ts checks that both agree through every transition.
 */
export function reliabilityTable(userFilter: SQL): SQL {
  const window = VISIT_RULES.reliabilityWindow;
  return sql`(
    select user_id,
      count(*)::int as visits,
      count(*) filter (where rn <= ${sql.raw(String(window))} and good)::int as good,
      count(*) filter (where rn <= ${sql.raw(String(window))})::int as decided
    from (
      select b.user_id,
        (b.checked_in_at is not null
          or (b.status = 'finished' and t.completed and t.completed_at <= b.visit_at + interval '${sql.raw(String(VISIT_RULES.taskDueDays))} days')) as good,
        row_number() over (partition by b.user_id order by b.visit_at desc, b.id desc) as rn
      from bookings b
      left join tasks t on t.booking_id = b.id
      where ${userFilter}
        and (
          b.checked_in_at is not null
          or (b.status = 'finished' and t.completed and t.completed_at <= b.visit_at + interval '${sql.raw(String(VISIT_RULES.taskDueDays))} days')
          or b.status = 'no_show'
          or (b.status = 'cancelled' and b.cancelled_at > b.visit_at - interval '24 hours')
        )
    ) decided_visits
    group by user_id
  )`;
}

/** The SQL expression of the percent over a joined reliabilityTable aliased `rel` (null: none yet). */
export const reliabilityPercentSql = sql`case when rel.decided > 0 then round(100.0 * rel.good / rel.decided) end`;

export function toReliability(row: { visits: number; good: number; decided: number } | undefined): Reliability {
  if (!row || row.decided === 0) return { percent: null, visits: row?.visits ?? 0 };
  return { percent: Math.round((100 * row.good) / row.decided), visits: row.visits };
}

/** The reliability of each user id (users without decided visits get `{percent: null, visits: 0}`), as kept. */
export async function reliabilityOf(db: DbOrTx, userIds: number[]): Promise<Map<number, Reliability>> {
  const out = new Map<number, Reliability>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return out;
  const columns = {
    userId: mediaReliability.userId,
    visits: mediaReliability.visits,
    good: mediaReliability.good,
    decided: mediaReliability.decided,
  };
  // One user (every booking write's answer): the statement is built once per connection.
  const rows =
    ids.length === 1
      ? await preparedOn(db, 'reliability_of_one', (on) =>
          on
            .select(columns)
            .from(mediaReliability)
            .where(eq(mediaReliability.userId, sql.placeholder('userId')))
            .prepare('reliability_of_one'),
        ).execute({ userId: ids[0] })
      : await db.select(columns).from(mediaReliability).where(inArray(mediaReliability.userId, ids));
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  for (const id of ids) out.set(id, toReliability(byUser.get(id)));
  return out;
}

/** The reference figures of each user id, computed from bookings and tasks (tests and checks). */
export async function computedReliabilityOf(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, { visits: number; good: number; decided: number }>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const result = await db.execute(
    sql`select * from ${reliabilityTable(
      sql`b.user_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )} rel`,
  );
  const rows = rowsOf<{ user_id: number; visits: number; good: number; decided: number }>(result);
  return new Map(
    rows.map((r) => [
      Number(r.user_id),
      { visits: Number(r.visits), good: Number(r.good), decided: Number(r.decided) },
    ]),
  );
}
