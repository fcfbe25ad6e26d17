import { MSG } from '@comped/shared/messages';
import { and, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema';
import { appError } from '../../lib/app-error';

/** The brand a brand owner runs (one per plan today), or 404. */
export async function brandOfOwner(db: DbOrTx, userId: number) {
  const [brand] = await db.select().from(brands).where(eq(brands.ownerId, userId)).orderBy(brands.id).limit(1);
  if (!brand) throw appError('not_found', { message: MSG.brandNotFound });
  return brand;
}

/**
 * A `brands/{id}` path: the brand must belong to the signed-in owner. Another brand's id is 403
 * (whether or not it exists, so ids reveal nothing).
 */
export async function assertOwnsBrand(db: DbOrTx, userId: number, brandId: number) {
  const [brand] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.id, brandId), eq(brands.ownerId, userId)))
    .limit(1);
  if (!brand) throw appError('forbidden');
  return brand;
}
