import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { waitlistEntries } from '../../db/schema';
import { offerFreedPlaces } from './waitlist-places';

/**
 * Job (WAITLIST_HOLD_JOB, at `hold_until`): an offer not used in its 2 hours expires and the place
 * goes to the next in line. The entry row is locked, so a request using the hold at that moment
 * either went first (the entry is booked: nothing to do) or finds the hold gone.
 */
export async function expireWaitlistHold(ctx: AppContext, entryId: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).for('update');
    const now = ctx.clock.now();
    if (!row || row.status !== 'offered' || !row.holdUntil || row.holdUntil.getTime() > now.getTime()) return false;
    await tx.update(waitlistEntries).set({ status: 'expired' }).where(eq(waitlistEntries.id, row.id));
    await offerFreedPlaces(tx, ctx, row.campaignId, row.weekStart, now);
    return true;
  });
}
