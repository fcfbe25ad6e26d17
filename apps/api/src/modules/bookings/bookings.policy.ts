import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { ANY_BRAND_ROLE, assertBrandRole, brandOfMember } from '../brands/brands.policy';
import type { BookingFacts } from './booking-change';

/**
 * Who may touch a booking. The brand in a `brands/{id}/...` path is checked first to be the user's
 * (brands/brands.policy.ts `assertOwnsBrand`); these then check that the booking is that brand's, or
 * the media user's own. Anyone else: 403 (a booking that does not exist is a 404 before this).
 */
export function assertBookingOfBrand(facts: BookingFacts, brandId: number): void {
  if (facts.booking.brandId !== brandId) throw appError('forbidden');
}

/**
 * Who on a brand's side acts on a booking (brand teams): their brand, themselves (the booking's
 * `decided_by`), and for a host their locations (null: the whole brand, owners and managers).
 */
export interface BrandActor {
  brandId: number;
  userId: number;
  locationIds: number[] | null;
}

/** The booking is the actor's brand's and, for a host, at one of their locations; else 403. */
export function assertBookingOfActor(facts: BookingFacts, actor: BrandActor): void {
  assertBookingOfBrand(facts, actor.brandId);
  if (actor.locationIds !== null && !actor.locationIds.includes(facts.booking.locationId)) {
    throw appError('forbidden');
  }
}

/** The actor of a brand-side user on a `brands/{id}/...` path or a booking path (any team role). */
export async function brandActorOf(db: DbOrTx, user: AuthUser, brandId?: number): Promise<BrandActor> {
  const membership =
    brandId === undefined
      ? await brandOfMember(db, user).catch(() => null)
      : await assertBrandRole(db, user, brandId, ANY_BRAND_ROLE);
  if (!membership) throw appError('forbidden');
  return { brandId: membership.brand.id, userId: user.id, locationIds: membership.locationIds };
}

export function assertBookingOfMedia(facts: BookingFacts, userId: number): void {
  if (facts.booking.userId !== userId) throw appError('forbidden');
}

/** `bookings/{id}/...` paths name no brand: the signed-in user must own the booking's brand. */
export function assertOwnerOfBookingBrand(facts: BookingFacts, userId: number): void {
  if (facts.brandOwnerId !== userId) throw appError('forbidden');
}

/** The asking media user's row as it is now (its role and tier decide what it may see). */
export async function mediaUserOf(db: DbOrTx, userId: number): Promise<typeof users.$inferSelect> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw appError('forbidden');
  return u;
}
