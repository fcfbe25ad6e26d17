import { MSG } from '@comped/shared/messages';
import { and, eq, inArray, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { brandMembers, locations } from '../../db/schema';
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
