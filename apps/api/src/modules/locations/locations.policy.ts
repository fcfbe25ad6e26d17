import type { DbOrTx } from '../../db/client';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { membershipOf } from '../brands/brands.policy';
import { liveLocation } from './live-location';

/** A live location of the signed-in owner's brand: 404 when unknown or deleted, 403 when another's. */
export async function ownLocation(db: DbOrTx, user: number | AuthUser, locationId: number) {
  const row = await liveLocation(db, locationId);
  // Any member of the brand reads it (brand teams); who may change it is the route's role gate.
  const membership = await membershipOf(db, user);
  if (!membership || membership.brand.id !== row.brandId) throw appError('forbidden');
  return row;
}
