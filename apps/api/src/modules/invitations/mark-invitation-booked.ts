import { and, eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { campaignInvitations } from '../../db/schema';

/** Booking an invited campaign marks the open invitation booked (in the booking's transaction). */
export async function markInvitationBooked(tx: DbOrTx, campaignId: number, userId: number, now: Date): Promise<void> {
  // Every booking request's statement: built once per connection (db/prepared.ts).
  const update = preparedOn(tx, 'mark_invitation_booked', (on) =>
    on
      .update(campaignInvitations)
      .set({ status: 'booked', updatedAt: sql`${sql.placeholder('now')}` })
      .where(
        and(
          eq(campaignInvitations.campaignId, sql.placeholder('campaignId')),
          eq(campaignInvitations.userId, sql.placeholder('userId')),
          eq(campaignInvitations.status, 'open'),
        ),
      )
      .prepare('mark_invitation_booked'),
  );
  // A placeholder in SET has no column to encode it: the instant as text.
  await update.execute({ campaignId, userId, now: now.toISOString() });
}
