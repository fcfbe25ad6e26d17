import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { locations } from '../../db/schema';

/** Soft-deletes a location: past bookings keep pointing at it. */
export async function deleteLocation(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.update(locations).set({ deletedAt: ctx.clock.now() }).where(eq(locations.id, id));
}
