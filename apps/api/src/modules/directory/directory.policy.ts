import type { DbOrTx } from '../../db/client';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { assertBrandRole, BRAND_MANAGERS, membershipOf } from '../brands/brands.policy';
import { planStatusOfPayer } from '../subscriptions/subscriptions.policy';

/**
 * Who may search the creator directory of `brands/{id}` and invite from it (decisions.md round 3,
 * "Creator directory and invitations"): the brand's owner and managers (never a host), with an
 * active plan. Another brand's id is 403.
 */
export async function assertMayUseDirectory(db: DbOrTx, user: AuthUser, brandId: number) {
  const { brand } = await assertBrandRole(db, user, brandId, BRAND_MANAGERS);
  // The owner pays: their plan directly, without looking up the payer again.
  if ((await planStatusOfPayer(db, brand.ownerId)).status !== 'active') throw appError('subscription_required');
  return brand;
}

/**
 * Whether a user may search a creator directory at all (the same rule, without a brand in the path):
 * an owner or a manager of a brand whose plan is active. A listed media user's public profile is
 * open to them (influencers.policy.ts).
 */
export async function mayUseDirectory(db: DbOrTx, user: number | AuthUser): Promise<boolean> {
  const membership = await membershipOf(db, user);
  if (!membership || !BRAND_MANAGERS.includes(membership.role)) return false;
  return (await planStatusOfPayer(db, membership.brand.ownerId)).status === 'active';
}
