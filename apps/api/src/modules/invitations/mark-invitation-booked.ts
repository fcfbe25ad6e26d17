import { and, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { campaignInvitations } from '../../db/schema';

/** Booking an invited campaign marks the open invitation booked (in the booking's transaction). */
export async function markInvitationBooked(tx: DbOrTx, campaignId: number, userId: number, now: Date): Promise<void> {
  await tx
    .update(campaignInvitations)
    .set({ status: 'booked', updatedAt: now })
    .where(
      and(
        eq(campaignInvitations.campaignId, campaignId),
        eq(campaignInvitations.userId, userId),
        eq(campaignInvitations.status, 'open'),
      ),
    );
}
