import type { CampaignResource } from '@comped/shared/schemas/resources';
import { LIVE_BOOKING_STATUSES } from '@comped/shared/statuses';
import { and, eq, inArray } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';

export type LiveBooking = NonNullable<CampaignResource['my_booking']>;

/**
 * The user's live booking of a campaign (pending, accepted or finished), or null: at most one, which
 * a partial unique index holds. A second request or a waitlist place is refused while it stands, and
 * the campaign's details show it to its user.
 */
export async function liveBookingOf(db: DbOrTx, userId: number, campaignId: number): Promise<LiveBooking | null> {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      booking_date: bookings.bookingDate,
      booking_time: bookings.bookingTime,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.campaignId, campaignId),
        inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
      ),
    )
    .limit(1);
  return row ? { ...row, status: row.status as LiveBooking['status'] } : null;
}
