import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../db/client';
import { appSettings } from '../db/schema';

/**
 * The value stored under `key`, made by `make` and stored when there is none yet. Every node that
 * asks gets the same value: the insert that loses a race does nothing and the winner's row is read
 * (and at start it runs under the migration lock anyway, one node at a time). `created` is true
 * only for the caller whose value was stored.
 */
export async function ensureSetting(
  db: DbOrTx,
  key: string,
  make: () => Record<string, string>,
): Promise<{ value: Record<string, string>; created: boolean }> {
  const inserted = await db
    .insert(appSettings)
    .values({ key, value: make() })
    .onConflictDoNothing()
    .returning({ value: appSettings.value });
  if (inserted[0]) return { value: inserted[0].value, created: true };
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`app setting ${key} vanished`);
  return { value: row.value, created: false };
}
