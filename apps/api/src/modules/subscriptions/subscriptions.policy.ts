import type { SubscriptionStatus } from '@comped/shared/statuses';
import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { payerOf } from '../brands/brands.policy';

/** The plan a brand-side user works under (given the request's user: as the token's statement read their brand). */
export async function subscriptionStatusOf(
  db: DbOrTx,
  user: number | AuthUser,
): Promise<{ status: SubscriptionStatus; planId: number | null }> {
  // A team member works under their owner's plan (brand teams).
  return planStatusOfPayer(db, await payerOf(db, user));
}

/** The plan of the user who pays (a brand's owner), for callers that already know them. */
export async function planStatusOfPayer(
  db: DbOrTx,
  payerId: number,
): Promise<{ status: SubscriptionStatus; planId: number | null }> {
  const [row] = await db
    .select({ status: subscriptions.status, planId: subscriptions.planId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, payerId))
    .limit(1);
  return row ? { status: row.status, planId: row.planId } : { status: 'inexistent', planId: null };
}

/** Brand-workspace writes need an active subscription: 403 "An active subscription is required." */
export async function assertActiveSubscription(db: DbOrTx, user: number | AuthUser): Promise<void> {
  const { status } = await subscriptionStatusOf(db, user);
  if (status !== 'active') throw appError('subscription_required');
}
