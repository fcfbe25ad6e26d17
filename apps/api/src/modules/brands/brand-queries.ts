import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { brands, photos } from '../../db/schema';
import { appError } from '../../lib/app-error';

export type PhotoRow = typeof photos.$inferSelect;

/** Locks the brand row for the rest of the transaction (counts of locations and photos). */
export async function lockBrand(tx: DbOrTx, brandId: number): Promise<void> {
  await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId)).for('update');
}

/** A gallery photo by id, or 404. */
export async function photoById(db: DbOrTx, id: number): Promise<PhotoRow> {
  const [photo] = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
  if (!photo) throw appError('not_found');
  return photo;
}
