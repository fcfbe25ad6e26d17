import { ANALYTICS_EVENTS } from '@comped/shared/statuses';
import { and, gte, lt, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

/**
 * GET admin/analytics: the counts per event name per UTC day in [from, to] (inclusive dates), with
 * each event's total over the range (0 for an event that did not happen).
 */
export async function countAnalyticsEvents(db: DbOrTx, from: string, to: string) {
  const rows = await countEventsPerDay(db, from, to);
  const totals = Object.fromEntries(ANALYTICS_EVENTS.map((name) => [name, 0])) as Record<string, number>;
  for (const row of rows) totals[row.name] = (totals[row.name] ?? 0) + row.count;
  return { data: rows, meta: { from, to, events: [...ANALYTICS_EVENTS], totals } };
}

/** Counts per event name per UTC day in [from, to] (inclusive dates). */
async function countEventsPerDay(db: DbOrTx, from: string, to: string) {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const day = sql<string>`to_char(${analyticsEvents.occurredAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, name: analyticsEvents.name, count: sql<number>`count(*)::int` })
    .from(analyticsEvents)
    .where(and(gte(analyticsEvents.occurredAt, start), lt(analyticsEvents.occurredAt, end)))
    .groupBy(day, analyticsEvents.name)
    .orderBy(day, analyticsEvents.name);
  return rows.map((r) => ({ day: r.day, name: r.name, count: Number(r.count) }));
}
