import { sql } from 'drizzle-orm';

import type { AppContext } from '../src/context';
import { rowsOf } from '../src/jobs/queue';

/**
 * The rows of a statement, each as its JSON text: a kept figure and the same figure counted from
 * its table compare as two lists of strings, and a failure prints both.
 */
export async function jsonRows(ctx: AppContext, text: string): Promise<string[]> {
  return rowsOf<Record<string, unknown>>(await ctx.db.execute(sql.raw(text))).map((r) => JSON.stringify(r));
}
