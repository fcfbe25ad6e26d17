import { and, eq, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { locations } from '../../db/schema';
import { appError } from '../../lib/app-error';

export type LocationRow = typeof locations.$inferSelect;

/** A live (not deleted) location by id, or 404. */
export async function liveLocation(db: DbOrTx, id: number): Promise<LocationRow> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), isNull(locations.deletedAt)))
    .limit(1);
  if (!row) throw appError('not_found');
  return row;
}
