import { and, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { waitlistEntries } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { offerFreedPlaces } from './waitlist-places';

/**
 * DELETE influencers/{id}/waitlist/{entryId}: the user leaves the waitlist (another user's entry is
 * a 404, as one that does not exist). Leaving with a live hold frees that place for the next in line.
 */
export async function leaveWaitlist(ctx: AppContext, userId: number, entryId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.userId, userId)))
      .for('update');
    if (!row) throw appError('not_found');
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, row.id));
    if (row.status === 'offered') await offerFreedPlaces(tx, ctx, row.campaignId, row.weekStart, ctx.clock.now());
  });
}
