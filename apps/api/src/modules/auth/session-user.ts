import type { SessionUser, SocialNetwork } from '@comped/shared/schemas/session';
import { asc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { brands, subscriptions, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { membershipOf } from '../brands/brands.policy';

/**
 * The signed-in user as `GET profile`, `POST login` and `POST registerbrand` answer it
 * (decisions.md, Response shapes). Other modules call this after a change that the session shows
 * (subscription, brand name or logo, profile picture).
 */
export async function buildSessionUser(db: DbOrTx, signedIn: number | AuthUser): Promise<SessionUser> {
  const userId = typeof signedIn === 'number' ? signedIn : signedIn.id;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw appError('not_found');
  // A brand-side user: the brand they own or whose team they joined (brand teams), and its plan;
  // given the request's user, as the token's statement read it.
  const membership = user.role === 'brands' ? await membershipOf(db, signedIn) : null;
  const owned =
    membership?.role === 'owner'
      ? await db
          .select({ id: brands.id, name: brands.name, logo: brands.logo })
          .from(brands)
          .where(eq(brands.ownerId, user.id))
          .orderBy(asc(brands.id))
      : membership
        ? [{ id: membership.brand.id, name: membership.brand.name, logo: membership.brand.logo }]
        : [];
  const [subscription] = await db
    .select({ planId: subscriptions.planId, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, membership?.brand.ownerId ?? user.id))
    .limit(1);

  const socialnetworks: SocialNetwork[] = [];
  if (user.instagram) socialnetworks.push({ name: 'instagram', handle: user.instagram });
  if (user.twitter) socialnetworks.push({ name: 'twitter', handle: user.twitter });
  if (user.tiktok) socialnetworks.push({ name: 'tiktok', handle: user.tiktok });

  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile_picture: user.profilePicture,
    must_change_password: user.mustChangePassword,
    profile: {
      type: user.role,
      tier_range: user.tier,
      bio: user.bio,
      location: user.location,
      workplace: user.workplace,
      socialnetworks,
      brands: owned,
      ...(membership ? { brand_role: membership.role } : {}),
      ...(membership?.locationIds ? { location_ids: membership.locationIds } : {}),
    },
    current_subscription: subscription ? { plan_id: subscription.planId, status: subscription.status } : null,
    status: subscription?.status ?? 'inexistent',
  };
}
