import type { DbOrTx } from '../../db/client';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { assertBrandRole, BRAND_MANAGERS } from '../brands/brands.policy';

/**
 * Who may read `brands/{id}/content` and mark favourites: the brand's owner and managers (not a
 * host). What was delivered stays readable without a plan. Another brand's id is 403.
 */
export async function assertMayUseContentLibrary(db: DbOrTx, user: AuthUser, brandId: number) {
  return (await assertBrandRole(db, user, brandId, BRAND_MANAGERS)).brand;
}

/** A content item of the path's brand: anything else is 404. */
export function assertContentOfBrand<T extends { brandId: number }>(item: T | undefined, brandId: number): T {
  if (!item || item.brandId !== brandId) throw appError('not_found');
  return item;
}
