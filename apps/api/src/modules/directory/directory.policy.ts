import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { assertBrandRole, BRAND_MANAGERS } from '../brands/brands.policy';
import { assertActiveSubscription } from '../subscriptions/subscriptions.policy';

/**
 * Who may search the creator directory of `brands/{id}` and invite from it (decisions.md round 3,
 * "Creator directory and invitations"): the brand's owner and managers (never a host), with an
 * active plan. Another brand's id is 403.
 */
export async function assertMayUseDirectory(db: DbOrTx, user: AuthUser, brandId: number) {
  const { brand } = await assertBrandRole(db, user.id, brandId, BRAND_MANAGERS);
  await assertActiveSubscription(db, brand.ownerId);
  return brand;
}
