import type { LocationResource } from '@comped/shared/schemas/resources';
import { and, asc, eq, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { locations } from '../../db/schema';
import { toLocationResource } from './locations.serializer';

/** The brand's live locations, oldest first. */
export async function listLocations(db: DbOrTx, brandId: number): Promise<LocationResource[]> {
  const rows = await db
    .select()
    .from(locations)
    .where(and(eq(locations.brandId, brandId), isNull(locations.deletedAt)))
    .orderBy(asc(locations.id));
  return rows.map(toLocationResource);
}
