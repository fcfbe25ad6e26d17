import { sql } from 'drizzle-orm';

import type { Db } from '../../db/client';

/** Holds a database connection for `ms` (the fault suite's request in flight during SIGTERM). */
export async function holdConnection(db: Db, ms: number): Promise<void> {
  await db.execute(sql`select pg_sleep(${ms / 1000})`);
}
