import type { AnalyticsEventName } from '@comped/shared/statuses';
import { sql } from 'drizzle-orm';

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
