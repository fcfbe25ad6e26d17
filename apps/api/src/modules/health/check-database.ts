import { sql } from 'drizzle-orm';

import type { Db } from '../../db/client';

/** The readiness probe's question: does the database answer a trivial statement? */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
