import { LIMITS } from '@comped/shared/limits';
import { SLOT_RULES } from '@comped/shared/limits';
import { CAPACITY_BOOKING_STATUSES } from '@comped/shared/statuses';
import { formatDay, formatTime12 } from '@comped/shared/time';
import { and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { bookings, campaigns, locations, users, waitlistEntries } from '../../db/schema';
import { enqueue, rowsOf } from '../../jobs/queue';
import { dateInZone } from '../../lib/clock';
import { queueMail } from '../mail/queue-mail';
import { notificationText } from '../notifications/notification-texts';
import { notify } from '../notifications/notify';
import { waitlistOfferMail } from './bookings.mails';

/** The job that ends a hold that was not used (payload `{entryId}`), run at `hold_until`. */
export const WAITLIST_HOLD_JOB = 'bookings:waitlist-hold';

/**
 * How a campaign's week is taken, for the capacity check (issue 30): the requests and visits that
 * count (pending, accepted) and the places held for waiting users other than `userId`, whose hold
 * has not lapsed at `now`. One statement, so a change that frees a place and offers it in one
 * transaction is seen whole or not at all.
 */
export async function weekPlaces(
  db: DbOrTx,
  campaignId: number,
  weekStart: string,
  now: Date,
  opts: { userId?: number; exceptBookingId?: number } = {},
): Promise<{ booked: number; held: number }> {
  const booked = db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.campaignId, campaignId),
        eq(bookings.weekStart, weekStart),
        inArray(bookings.status, [...CAPACITY_BOOKING_STATUSES]),
        opts.exceptBookingId === undefined ? undefined : ne(bookings.id, opts.exceptBookingId),
      ),
    );
  const held = db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.campaignId, campaignId),
        eq(waitlistEntries.weekStart, weekStart),
        eq(waitlistEntries.status, 'offered'),
        gt(waitlistEntries.holdUntil, now),
        opts.userId === undefined ? undefined : ne(waitlistEntries.userId, opts.userId),
      ),
    );
  const rows = await db.execute<{ booked: number | string; held: number | string }>(
    sql`select (${booked}) as booked, (${held}) as held`,
  );
  const row = rowsOf<{ booked: number | string; held: number | string }>(rows)[0];
  return { booked: Number(row?.booked ?? 0), held: Number(row?.held ?? 0) };
}

/** A campaign's weekly capacity. */
export function weeklyCapacity(booking: { max_bookings_per_week?: number } | null | undefined): number {
  return booking?.max_bookings_per_week ?? LIMITS.maxBookingsPerWeekDefault;
}

/**
 * The requester's own live hold of the week, locked until the transaction ends (so the job that
 * ends it waits for the request that uses it, or the request sees it ended). Null when none.
 */
export async function ownHold(
  tx: DbOrTx,
  campaignId: number,
  weekStart: string,
  userId: number,
  now: Date,
): Promise<number | null> {
  // Every booking request's statement: built once per connection (db/prepared.ts).
  const select = preparedOn(tx, 'own_hold', (on) =>
    on
      .select({ id: waitlistEntries.id, holdUntil: waitlistEntries.holdUntil, status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.campaignId, sql.placeholder('campaignId')),
          eq(waitlistEntries.weekStart, sql.placeholder('weekStart')),
          eq(waitlistEntries.userId, sql.placeholder('userId')),
          eq(waitlistEntries.status, 'offered'),
        ),
      )
      .limit(1)
      .for('update')
      .prepare('own_hold'),
  );
  const [row] = await select.execute({ campaignId, weekStart, userId });
  if (!row || !row.holdUntil || row.holdUntil.getTime() <= now.getTime()) return null;
  return row.id;
}

/** A request of the week books the user's waiting or offered entry (a hold is used up). */
export async function consumeHold(
  tx: DbOrTx,
  campaignId: number,
  weekStart: string,
  userId: number,
  bookingId: number,
): Promise<void> {
  // Every booking request's statement: built once per connection (db/prepared.ts).
  const update = preparedOn(tx, 'consume_hold', (on) =>
    on
      .update(waitlistEntries)
      .set({ status: 'booked', bookingId: sql`${sql.placeholder('bookingId')}`, holdUntil: null })
      .where(
        and(
          eq(waitlistEntries.campaignId, sql.placeholder('campaignId')),
          eq(waitlistEntries.weekStart, sql.placeholder('weekStart')),
          eq(waitlistEntries.userId, sql.placeholder('userId')),
          inArray(waitlistEntries.status, ['waiting', 'offered']),
        ),
      )
      .prepare('consume_hold'),
  );
  await update.execute({ campaignId, weekStart, userId, bookingId });
}

/**
 * A place of a campaign's week may have freed (a booking cancelled, declined, expired or moved, a
 * hold lapsed or left): the first waiting users, as many as there are free places, are offered one
 * each and it is held for them for 2 hours. Runs inside the transaction of the change that freed
 * it. Waiting rows are taken `FOR UPDATE SKIP LOCKED`, so two changes freeing places at once offer
 * them to different users; each counts the week in one statement (weekPlaces), so together they
 * never offer more places than are free.
 */
export async function offerFreedPlaces(
  tx: DbOrTx,
  ctx: AppContext,
  campaignId: number,
  weekStart: string,
  now: Date,
): Promise<number> {
  const [campaign] = await tx
    .select({ name: campaigns.name, booking: campaigns.booking })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  if (!campaign) return 0;
  const { booked, held } = await weekPlaces(tx, campaignId, weekStart, now);
  const free = weeklyCapacity(campaign.booking) - booked - held;
  if (free <= 0) return 0;
  const waiting = await tx
    .select({ entry: waitlistEntries, user: { name: users.name, email: users.email }, timeZone: locations.timeZone })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .innerJoin(locations, eq(locations.id, waitlistEntries.locationId))
    .where(
      and(
        eq(waitlistEntries.campaignId, campaignId),
        eq(waitlistEntries.weekStart, weekStart),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(free)
    .for('update', { of: waitlistEntries, skipLocked: true });
  const holdUntil = new Date(now.getTime() + SLOT_RULES.holdHours * 3_600_000);
  for (const { entry, user, timeZone } of waiting) {
    await tx
      .update(waitlistEntries)
      .set({ status: 'offered', holdUntil, offeredAt: now })
      .where(eq(waitlistEntries.id, entry.id));
    const until = `${formatDay(dateInZone(holdUntil, timeZone))}, ${formatTime12(localTimeOf(holdUntil, timeZone))}`;
    const text = notificationText.waitlistOffer({ campaignName: campaign.name, until });
    // notify() also pushes it to the user's devices.
    await notify(tx, ctx, { userId: entry.userId, ...text });
    await queueMail(
      tx,
      waitlistOfferMail(ctx.config, {
        to: user,
        campaignName: campaign.name,
        campaignId,
        date: entry.date,
        until,
      }),
    );
    await enqueue(
      tx,
      WAITLIST_HOLD_JOB,
      { entryId: entry.id },
      { runAt: holdUntil, singletonKey: `waitlist-hold:${entry.id}` },
    );
  }
  return waiting.length;
}

/** HH:mm of an instant in a zone. */
function localTimeOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    instant,
  );
}
