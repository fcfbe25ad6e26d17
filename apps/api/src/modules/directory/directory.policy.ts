import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { assertOwnsBrand } from '../brands/brands.policy';
import { assertActiveSubscription } from '../subscriptions/subscriptions.policy';

/**
 * Who may search the creator directory of `brands/{id}` and invite from it (decisions.md round 3,
 * "Creator directory and invitations"): the brand's owner (and, once brand teams land, a manager;
 * never a host), with an active plan. Another brand's id is 403. The one place to extend with roles.
 */
export async function assertMayUseDirectory(db: DbOrTx, user: AuthUser, brandId: number) {
  const brand = await assertOwnsBrand(db, user.id, brandId);
  await assertActiveSubscription(db, brand.ownerId);
  return brand;
}
