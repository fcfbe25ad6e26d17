import { isMediaRole } from '@comped/shared/roles';
import { and, eq, inArray } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { bookings, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { membershipOf } from '../brands/brands.policy';
import { mayUseDirectory } from '../directory/directory.policy';

type UserRow = typeof users.$inferSelect;

async function mediaUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row && isMediaRole(row.role) ? row : undefined;
}

/** A brand owner may see a media user who has (or had) a booking at one of the owner's brands. */
async function brandHasBookingWith(db: DbOrTx, viewer: AuthUser, mediaUserId: number): Promise<boolean> {
  // Any member of the brand's team (brand teams); a host, at their locations.
  const membership = await membershipOf(db, viewer);
  if (!membership) return false;
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.brandId, membership.brand.id),
        eq(bookings.userId, mediaUserId),
        membership.locationIds ? inArray(bookings.locationId, [0, ...membership.locationIds]) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * GET influencers/{id}: the user themself may read the full profile; a brand owner with a booking
 * from that user (a host: at their locations), or an owner or manager of a brand with a plan when the
 * user is listed in the creator directory (issue 28),
 * the public one; anyone else is refused 403 (whether or not the id exists).
 */
export async function readableProfile(
  db: DbOrTx,
  viewer: AuthUser,
  id: number,
): Promise<{ user: UserRow; view: 'full' | 'public' }> {
  if (viewer.id === id) {
    const self = await mediaUser(db, id);
    if (!self) throw appError('forbidden');
    return { user: self, view: 'full' };
  }
  if (viewer.role !== 'brands') throw appError('forbidden');
  const target = await mediaUser(db, id);
  // Listed in the creator directory (issue 28): whoever may search it may see them.
  const listed = target?.directoryListed && target.tier !== null && (await mayUseDirectory(db, viewer));
  if (!target || !(listed || (await brandHasBookingWith(db, viewer, id)))) throw appError('forbidden');
  return { user: target, view: 'public' };
}

/** Profile writes are the media user's own: an account that is not one (or is gone) is refused 403. */
export function assertMediaAccount<T extends { role: string }>(user: T | undefined): T {
  if (!user || !isMediaRole(user.role)) throw appError('forbidden');
  return user;
}
