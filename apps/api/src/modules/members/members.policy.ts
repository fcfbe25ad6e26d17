import { MSG } from '@comped/shared/messages';
import { and, eq, inArray, isNull, notExists } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { brandMembers, brands, locations, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { MemberRow } from './members.serializer';

/** `brands/{id}/members/{memberId}`: a member of that brand, else 404 (the brand was checked first). */
export async function memberOfBrand(db: DbOrTx, brandId: number, memberId: number): Promise<MemberRow> {
  const [row] = await db
    .select()
    .from(brandMembers)
    .where(and(eq(brandMembers.id, memberId), eq(brandMembers.brandId, brandId)))
    .limit(1);
  if (!row) throw appError('not_found', { message: MSG.memberNotFound });
  return row;
}

/** A host's locations must be live locations of the brand: 422 on `location_ids` otherwise. */
export async function assertLocationsOfBrand(db: DbOrTx, brandId: number, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.brandId, brandId), inArray(locations.id, ids), isNull(locations.deletedAt)));
  if (rows.length !== ids.length) {
    throw appError('validation_failed', { field: 'location_ids', message: MSG.memberLocationUnknown });
  }
  return rows.map((r) => r.name);
}

/**
 * The account of someone removed from a team: a brand-side user without a password, who owns no
 * brand and belongs to none. Removal keeps it so earlier decisions keep their name; an invitation
 * to the same address, from any brand, takes it up again instead of refusing the address as taken.
 */
export async function formerMemberAccount(db: DbOrTx, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.email, email),
        eq(users.role, 'brands'),
        isNull(users.passwordHash),
        notExists(db.select({ id: brands.id }).from(brands).where(eq(brands.ownerId, users.id))),
        notExists(db.select({ id: brandMembers.id }).from(brandMembers).where(eq(brandMembers.userId, users.id))),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
