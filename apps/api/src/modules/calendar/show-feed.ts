import { createHash } from 'node:crypto';

import { formatDay, formatTime12 } from '@comped/shared/time';
import { and, asc, eq, gte, isNotNull } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { bookings, brands, campaigns, locations, users } from '../../db/schema';
import { feedBookingsOf } from './calendar.policy';
import type { FeedEvent } from './feed-ics';
import { calendarFeed, VISIT_MINUTES, visitUid } from './feed-ics';
import { feedOwnerOf } from './feed-tokens';

/** How far back a feed reaches: visits of the last 30 days, and every one ahead. */
const DAYS_BACK = 30;
/** A bound on one feed's size (a brand with years of bookings ahead is not a use case). */
const MAX_EVENTS = 1000;

/** Statuses of a visit that will not, or did not, take place: its event is cancelled. */
const CANCELLED = new Set(['cancelled', 'declined', 'no_show']);

export interface Feed {
  body: string;
  /** A strong validator of the body: the feed's text changes exactly when its events do. */
  etag: string;
}

/**
 * `GET calendar/{token}.ics`: the feed of the token's owner, or null (unknown or rotated token). One
 * event per visit that was accepted (a check-in code was made) from 30 days back: accepted and
 * finished visits as confirmed, cancelled, declined and no-show ones as `STATUS:CANCELLED`, the same
 * visits the mailed invitation adds and withdraws.
 */
export async function showFeed(ctx: AppContext, token: string): Promise<Feed | null> {
  const userId = await feedOwnerOf(ctx, token);
  if (userId === null) return null;
  const [user] = await ctx.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  const scope = user ? feedBookingsOf(user) : null;
  if (!user || !scope) return null;
  const since = new Date(ctx.clock.now().getTime() - DAYS_BACK * 86400_000);
  const rows = await ctx.db
    .select({
      id: bookings.id,
      status: bookings.status,
      date: bookings.bookingDate,
      time: bookings.bookingTime,
      visitAt: bookings.visitAt,
      guests: bookings.guests,
      sequence: bookings.inviteSequence,
      updatedAt: bookings.updatedAt,
      campaignName: campaigns.name,
      brandName: brands.name,
      locationName: locations.name,
      address: locations.address,
      timeZone: locations.timeZone,
      mediaName: users.name,
    })
    .from(bookings)
    .innerJoin(campaigns, eq(campaigns.id, bookings.campaignId))
    .innerJoin(brands, eq(brands.id, bookings.brandId))
    .innerJoin(locations, eq(locations.id, bookings.locationId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(scope, isNotNull(bookings.checkInCode), gte(bookings.visitAt, since)))
    .orderBy(asc(bookings.visitAt), asc(bookings.id))
    .limit(MAX_EVENTS);
  const media = user.role !== 'brands';
  const base = ctx.config.publicUrl;
  const events: FeedEvent[] = rows.map((r) => {
    const when = `${formatDay(r.date)} at ${formatTime12(r.time)}, the venue's time (${r.timeZone})`;
    const party = `${r.guests} guest${r.guests === 1 ? '' : 's'}`;
    return {
      uid: visitUid(r.id),
      sequence: r.sequence ?? 0,
      stamp: r.updatedAt,
      start: r.visitAt,
      durationMinutes: VISIT_MINUTES,
      summary: media ? `${r.brandName}: ${r.campaignName}` : `${r.mediaName}: ${r.campaignName}`,
      location: `${r.locationName}, ${r.address}`,
      description: media
        ? `Your Comped visit for ${party}, ${when}. Your visit pass, with the check-in code: ${base}/bookings/${r.id}/pass`
        : `${r.mediaName} visits for ${party}, ${when}. Bookings: ${base}/bookings`,
      url: media ? `${base}/bookings/${r.id}/pass` : `${base}/bookings`,
      cancelled: CANCELLED.has(r.status),
    };
  });
  const body = calendarFeed('Comped visits', events);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, etag };
}
