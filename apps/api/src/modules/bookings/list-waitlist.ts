import type { WaitlistEntryResource } from '@comped/shared/schemas/slots';
import { desc, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaigns, locations, waitlistEntries } from '../../db/schema';
import { toWaitlistEntryResource } from './waitlist.serializer';

/** GET influencers/{id}/waitlist: the user's entries, newest first (at most 100). */
export async function listWaitlist(ctx: AppContext, userId: number): Promise<WaitlistEntryResource[]> {
  const rows = await ctx.db
    .select({
      entry: waitlistEntries,
      campaign: { id: campaigns.id, name: campaigns.name },
      timeZone: locations.timeZone,
    })
    .from(waitlistEntries)
    .innerJoin(campaigns, eq(campaigns.id, waitlistEntries.campaignId))
    .innerJoin(locations, eq(locations.id, waitlistEntries.locationId))
    .where(eq(waitlistEntries.userId, userId))
    .orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.id))
    .limit(100);
  const now = ctx.clock.now();
  return rows.map((r) => toWaitlistEntryResource(r.entry, r.campaign, r.timeZone, now));
}
