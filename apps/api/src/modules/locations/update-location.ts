import type { LocationResource } from '@comped/shared/schemas/resources';
import type { LocationOutput } from '@comped/shared/validation/location';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { locations } from '../../db/schema';
import type { LocationRow } from './live-location';
import { locationValues } from './location-values';
import { toLocationResource } from './locations.serializer';

/** Rewrites a location from its form; a blank ZIP or zone keeps the current one. */
export async function updateLocation(
  ctx: AppContext,
  current: LocationRow,
  body: LocationOutput,
): Promise<LocationResource> {
  const [row] = await ctx.db
    .update(locations)
    .set({ ...locationValues(body, current.timeZone, current.zip), updatedAt: ctx.clock.now() })
    .where(eq(locations.id, current.id))
    .returning();
  return toLocationResource(row!);
}
