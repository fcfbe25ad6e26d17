import type { DbOrTx } from '../../db/client';
import { appError } from '../../lib/app-error';
import { brandOfOwner } from '../brands/brands.policy';
import { liveLocation } from './locations.service';

/** A live location of the signed-in owner's brand: 404 when unknown or deleted, 403 when another's. */
export async function ownLocation(db: DbOrTx, userId: number, locationId: number) {
  const row = await liveLocation(db, locationId);
  const brand = await brandOfOwner(db, userId).catch(() => null);
  if (!brand || brand.id !== row.brandId) throw appError('forbidden');
  return row;
}
