import type { AnalyticsEventName } from '@comped/shared/statuses';
import { and, gte, lt, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { analyticsEvents } from '../../db/schema';

/** Records a product event; pass the transaction of the change so both commit together. */
export async function recordEvent(
  tx: DbOrTx,
  name: AnalyticsEventName,
  userId: number | null,
  occurredAt: Date,
  properties: Record<string, unknown> = {},
): Promise<void> {
  // A statement of every request that records one: built once per connection (db/prepared.ts).
  const insert = preparedOn(tx, 'record_event', (on) =>
    on
      .insert(analyticsEvents)
      .values({
        name: sql.placeholder('name'),
        userId: sql.placeholder('userId'),
        occurredAt: sql.placeholder('occurredAt'),
        properties: sql.placeholder('properties'),
      })
      .prepare('record_event'),
  );
  await insert.execute({ name, userId, occurredAt, properties });
}

/** Counts per event name per UTC day in [from, to] (inclusive dates). */
export async function countEventsPerDay(db: DbOrTx, from: string, to: string) {
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
