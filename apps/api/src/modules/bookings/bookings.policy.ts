import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { BookingFacts } from './booking-change';

/**
 * Who may touch a booking. The brand in a `brands/{id}/...` path is checked first to be the user's
 * (brands/brands.policy.ts `assertOwnsBrand`); these then check that the booking is that brand's, or
 * the media user's own. Anyone else: 403 (a booking that does not exist is a 404 before this).
 */
export function assertBookingOfBrand(facts: BookingFacts, brandId: number): void {
  if (facts.booking.brandId !== brandId) throw appError('forbidden');
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
