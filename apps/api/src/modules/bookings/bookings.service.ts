import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { VISIT_RULES } from '@comped/shared/validation/visits';
import { CAPACITY_BOOKING_STATUSES, LIVE_BOOKING_STATUSES } from '@comped/shared/statuses';
import type { BookingStatus } from '@comped/shared/statuses';
import { MSG } from '@comped/shared/messages';
import type { PageMeta } from '@comped/shared/paging';
import type { BookingResource } from '@comped/shared/schemas/resources';
import {
  BOOKING_TEXT,
  cancelWindowMessage,
  guestsMessage,
  insideCancelWindow,
} from '@comped/shared/validation/booking';
import { LIMITS } from '@comped/shared/limits';
import { isMediaRole } from '@comped/shared/roles';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bookings, brands, campaignLocations, campaigns, locations, tasks, users } from '../../db/schema';
import { dateInZone, weekStartOf, zonedToInstant } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/database-errors';
import { forbidden, httpError, fieldError, notFound } from '../../lib/http-errors';
import { recordEvent } from '../analytics/analytics.service';
import { campaignToday } from '../campaigns/campaign-expiry';
import { visibleToMedia } from '../campaigns/campaign-visibility';
import { assertOwnsBrand } from '../brands/brand.policy';
import { isSlotAvailable, weekAvailability } from './availability';
import type { WeekAvailability } from './availability';
import { serializeBooking, serializeBookings } from './booking.serializer';
import type { BookingRow } from './booking.serializer';
import {
  mailBookingAccepted,
  mailBookingCancelled,
  mailBookingDeclined,
  mailBookingExpired,
  mailBookingRequested,
} from './bookings.mails';
import type { VisitFacts } from './bookings.mails';
import { pageMeta, pageOffset } from '../../lib/paging';
import { rowsOf } from '../../jobs/queue';
import { withdrawInvitation } from '../visits/invitations';
import { scheduleReminders } from '../visits/reminder-schedule';
import { newCheckInCode } from '../visits/visit-times';
import { reliabilityPercentSql, reliabilityTable } from '../visits/reliability';

type CampaignRow = typeof campaigns.$inferSelect;
type LocationRow = typeof locations.$inferSelect;
type UserRow = typeof users.$inferSelect;

// ---------------------------------------------------------------- visibility and availability

async function mediaUser(db: DbOrTx, userId: number): Promise<UserRow> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw forbidden();
  return u;
}

/**
 * A campaign as a media user may see it: the one SQL rule of campaign-visibility.ts (the one
 * discovery lists with). Anything else is 404. `lock` takes the row lock (FOR UPDATE) that
 * serializes booking requests for the campaign.
 */
async function visibleCampaign(
  ctx: AppContext,
  db: DbOrTx,
  user: UserRow,
  campaignId: number,
  lock = false,
): Promise<CampaignRow> {
  if (!isMediaRole(user.role)) throw notFound();
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), visibleToMedia({ role: user.role, tier: user.tier }, campaignToday(ctx))))
    .limit(1);
  const [c] = lock ? await query.for('update') : await query;
  if (!c) throw notFound();
  return c;
}

/** A live location of the campaign, else 422 on location_id. */
async function campaignLocation(db: DbOrTx, campaignId: number, locationId: number): Promise<LocationRow> {
  const [row] = await db
    .select({ location: locations })
    .from(campaignLocations)
    .innerJoin(locations, eq(locations.id, campaignLocations.locationId))
    .where(
      and(
        eq(campaignLocations.campaignId, campaignId),
        eq(campaignLocations.locationId, locationId),
        isNull(locations.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw fieldError('location_id', MSG.locationRequired);
  return row.location;
}

async function weekIsFull(db: DbOrTx, campaign: CampaignRow, weekStart: string): Promise<boolean> {
  const max = campaign.booking?.max_bookings_per_week ?? LIMITS.maxBookingsPerWeekDefault;
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.campaignId, campaign.id),
        eq(bookings.weekStart, weekStart),
        inArray(bookings.status, [...CAPACITY_BOOKING_STATUSES]),
      ),
    );
  return Number(row?.n ?? 0) >= max;
}

export async function availableHours(
  ctx: AppContext,
  userId: number,
  campaignId: number,
  input: { location_id: number; date?: string },
): Promise<WeekAvailability> {
  const user = await mediaUser(ctx.db, userId);
  const campaign = await visibleCampaign(ctx, ctx.db, user, campaignId);
  const location = await campaignLocation(ctx.db, campaign.id, input.location_id);
  const now = ctx.clock.now();
  const date = input.date ?? dateInZone(now, location.timeZone);
  const weekStart = weekStartOf(date);
  const full = await weekIsFull(ctx.db, campaign, weekStart);
  return weekAvailability(campaign, location, weekStart, now, full);
}

// ---------------------------------------------------------------- requests

const alreadyBooked = () => fieldError('booking', MSG.alreadyBooked, 'already_booked');

export interface BookingRequest {
  campaign_id: number;
  location_id: number;
  booking_date: string;
  booking_time: string;
  guests: number;
}

/**
 * Every rule of a booking request, in the order its errors are reported. `lock` takes the campaign
 * row lock first, so the weekly count read after it is final.
 */
async function checkBookingRequest(ctx: AppContext, db: DbOrTx, userId: number, input: BookingRequest, lock: boolean) {
  const user = await mediaUser(db, userId);
  const campaign = await visibleCampaign(ctx, db, user, input.campaign_id, lock);
  const settings = campaign.booking;
  if (!settings || settings.information_only) throw fieldError('booking', BOOKING_TEXT.noBookings);
  if (
    (user.role === 'influencer' && !user.instagram?.trim()) ||
    (user.role === 'journalist' && !user.workplace?.trim())
  ) {
    throw fieldError('profile', MSG.moreDetailsNeeded, 'profile_incomplete');
  }
  const [live] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.campaignId, campaign.id),
        eq(bookings.userId, user.id),
        inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
      ),
    )
    .limit(1);
  if (live) throw alreadyBooked();
  const location = await campaignLocation(db, campaign.id, input.location_id);
  const maxGuests = settings.max_guests ?? LIMITS.maxGuestsDefault;
  if (input.guests < 1 || input.guests > maxGuests) throw fieldError('guests', guestsMessage(maxGuests));
  const now = ctx.clock.now();
  const weekStart = weekStartOf(input.booking_date);
  const full = await weekIsFull(db, campaign, weekStart);
  if (!isSlotAvailable(campaign, location, input.booking_date, input.booking_time, now, full)) {
    throw fieldError('booking_date', MSG.selectDayAndTime);
  }
  return { user, campaign, location, weekStart, now };
}

/**
 * POST bookings: every rule re-checked in one transaction. The campaign row is locked first, so
 * requests for one campaign queue up and the weekly count each one reads is final; the partial
 * unique index catches a second live booking of the same user whatever happens.
 */
export async function createBooking(ctx: AppContext, userId: number, input: BookingRequest): Promise<BookingResource> {
  try {
    // A storm for the last slots: a request that would fail (a full week, above all) fails here,
    // without queueing on the campaign lock; the locked check in the transaction stays the authority.
    await checkBookingRequest(ctx, ctx.db, userId, input, false);
    const row = await ctx.db.transaction(async (tx) => {
      const { user, campaign, location, weekStart, now } = await checkBookingRequest(ctx, tx, userId, input, true);
      const [created] = await tx
        .insert(bookings)
        .values({
          campaignId: campaign.id,
          locationId: location.id,
          userId: user.id,
          brandId: campaign.brandId,
          status: 'pending',
          bookingDate: input.booking_date,
          bookingTime: input.booking_time,
          weekStart,
          visitAt: zonedToInstant(input.booking_date, input.booking_time, location.timeZone),
          guests: input.guests,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('booking insert returned nothing');
      await recordEvent(tx, 'booking_request', user.id, now, { booking_id: created.id, campaign_id: campaign.id });
      const [owner] = await tx
        .select({ name: users.name, email: users.email, brandName: brands.name })
        .from(brands)
        .innerJoin(users, eq(users.id, brands.ownerId))
        .where(eq(brands.id, campaign.brandId))
        .limit(1);
      if (owner) {
        await mailBookingRequested(tx, ctx.config, owner, factsOf(created, campaign, location, owner.brandName, user));
      }
      return created;
    });
    return serializeBooking(ctx.db, row, { side: 'media', now: ctx.clock.now() });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyBooked();
    throw err;
  }
}

// ---------------------------------------------------------------- lists

export async function listBookings(
  ctx: AppContext,
  owner: { userId: number } | { brandId: number },
  page: { number: number; size: number },
  statuses: BookingStatus[] | undefined,
  side: 'brand' | 'media',
  sort?: 'reliability' | '-reliability',
): Promise<{ data: BookingResource[]; meta: PageMeta }> {
  const conditions = [
    'userId' in owner ? eq(bookings.userId, owner.userId) : eq(bookings.brandId, owner.brandId),
    statuses?.length ? inArray(bookings.status, statuses) : undefined,
  ];
  const where = and(...conditions);
  const [total] = await ctx.db.select({ n: count() }).from(bookings).where(where);
  // Upcoming first for live lists; the past list shows the latest first.
  const pastOnly =
    statuses?.length &&
    statuses.every((s) => s === 'finished' || s === 'declined' || s === 'cancelled' || s === 'no_show');
  const rows = sort
    ? await rowsByReliability(ctx.db, where, sort, page)
    : await ctx.db
        .select()
        .from(bookings)
        .where(where)
        .orderBy(
          ...(pastOnly ? [desc(bookings.visitAt), desc(bookings.id)] : [asc(bookings.visitAt), asc(bookings.id)]),
        )
        .limit(page.size)
        .offset(pageOffset(page.number, page.size));
  const n = Number(total?.n ?? 0);
  return {
    data: await serializeBookings(ctx.db, rows, { side, now: ctx.clock.now() }),
    meta: pageMeta(page.number, page.size, n),
  };
}

/**
 * A page of bookings ordered by the media user's reliability (best first, or worst first with
 * `-reliability`; "New" users last either way), then by visit time. One query orders the ids with
 * the score joined per user, one reads the rows.
 */
async function rowsByReliability(
  db: DbOrTx,
  where: SQL | undefined,
  sort: 'reliability' | '-reliability',
  page: { number: number; size: number },
): Promise<BookingRow[]> {
  const direction = sort === 'reliability' ? sql`desc` : sql`asc`;
  const scoped = where ?? sql`true`;
  const result = await db.execute(sql`
    select bookings.id from bookings
    left join ${reliabilityTable(sql`b.user_id in (select bookings.user_id from bookings where ${scoped})`)} rel
      on rel.user_id = bookings.user_id
    where ${scoped}
    order by (case when rel.visits >= ${VISIT_RULES.reliabilityMinVisits} then ${reliabilityPercentSql} end) ${direction} nulls last,
      rel.visits desc nulls last, bookings.visit_at asc, bookings.id asc
    limit ${page.size} offset ${pageOffset(page.number, page.size)}`);
  const ids = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const found = await db.select().from(bookings).where(inArray(bookings.id, ids));
  const byId = new Map(found.map((b) => [b.id, b]));
  return ids.map((id) => byId.get(id)).filter((b): b is BookingRow => b !== undefined);
}

// ---------------------------------------------------------------- changes

function factsOf(
  b: BookingRow,
  campaign: Pick<CampaignRow, 'name' | 'booking'>,
  location: Pick<LocationRow, 'name' | 'address' | 'phone'>,
  brandName: string,
  media: Pick<UserRow, 'name' | 'email'>,
): VisitFacts {
  return {
    bookingId: b.id,
    campaignName: campaign.name,
    brandName,
    locationName: location.name,
    address: location.address,
    phone: location.phone,
    date: b.bookingDate,
    time: b.bookingTime,
    visitAt: b.visitAt,
    guests: b.guests,
    compensation: campaign.booking?.compensation ?? null,
    media: { name: media.name, email: media.email },
    checkInCode: b.checkInCode,
  };
}

export async function loadFacts(db: DbOrTx, b: BookingRow): Promise<VisitFacts> {
  const [row] = await db
    .select({ campaign: campaigns, location: locations, brandName: brands.name, media: users })
    .from(bookings)
    .innerJoin(campaigns, eq(campaigns.id, bookings.campaignId))
    .innerJoin(locations, eq(locations.id, bookings.locationId))
    .innerJoin(brands, eq(brands.id, bookings.brandId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, b.id))
    .limit(1);
  if (!row) throw notFound();
  return factsOf(b, row.campaign, row.location, row.brandName, row.media);
}

export async function bookingById(db: DbOrTx, bookingId: number): Promise<BookingRow> {
  const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!b) throw notFound();
  return b;
}

const bookingExpired = () =>
  httpError(409, MSG.bookingExpired, 'booking_expired', { errors: { status: [MSG.bookingExpired] } });

/** A request left unanswered until its visit time, whether still pending or already expired by the job. */
function isExpiredRequest(b: BookingRow, now: Date): boolean {
  if (b.status === 'declined') return b.declineReason === 'expired';
  return b.status === 'pending' && b.visitAt.getTime() <= now.getTime();
}

/**
 * PUT brands/{id}/bookings/{bookingId}: compare-and-set from pending, so of two racing answers one
 * wins and the other is told the booking was already updated. Accepting creates the task.
 */
export async function brandAnswer(
  ctx: AppContext,
  brandId: number,
  bookingId: number,
  status: 'accepted' | 'declined',
): Promise<BookingResource> {
  const existing = await bookingById(ctx.db, bookingId);
  if (existing.brandId !== brandId) throw forbidden();
  const row = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // A request whose visit time has passed unanswered has expired (decisions.md): it cannot be
    // accepted any more, whether or not the expiry job has declined it yet.
    if (status === 'accepted' && isExpiredRequest(existing, now)) throw bookingExpired();
    const [updated] = await tx
      .update(bookings)
      // Accepting hands out the check-in code; the accept mail carries invitation SEQUENCE 0.
      .set(
        status === 'accepted'
          ? { status, updatedAt: now, checkInCode: newCheckInCode(), inviteSequence: 0 }
          : { status, updatedAt: now },
      )
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.brandId, brandId),
          eq(bookings.status, 'pending'),
          status === 'accepted' ? gt(bookings.visitAt, now) : undefined,
        ),
      )
      .returning();
    if (!updated && status === 'accepted') {
      const current = await bookingById(tx, bookingId);
      if (isExpiredRequest(current, now)) throw bookingExpired();
    }
    if (!updated)
      throw httpError(409, BOOKING_TEXT.alreadyUpdated, 'booking_already_updated', {
        errors: { status: [BOOKING_TEXT.alreadyUpdated] },
      });
    const facts = await loadFacts(tx, updated);
    if (status === 'accepted') {
      await tx.insert(tasks).values({ bookingId: updated.id, userId: updated.userId, createdAt: now });
      await mailBookingAccepted(tx, ctx.config, facts, now);
      await scheduleReminders(tx, updated, now);
    } else {
      await mailBookingDeclined(tx, ctx.config, facts);
      await withdrawInvitation(tx, ctx.config, updated, facts, 'declined', now);
    }
    return updated;
  });
  return serializeBooking(ctx.db, row, { side: 'brand', now: ctx.clock.now() });
}

/** PUT influencers/{id}/bookings/{bookingId} {status: cancelled}: outside the 24-hour window only. */
export async function mediaCancel(ctx: AppContext, userId: number, bookingId: number): Promise<BookingResource> {
  const existing = await bookingById(ctx.db, bookingId);
  if (existing.userId !== userId) throw forbidden();
  const row = await ctx.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
    if (!b) throw notFound();
    if (b.status !== 'pending' && b.status !== 'accepted') throw fieldError('status', BOOKING_TEXT.notCancellable);
    const now = ctx.clock.now();
    if (insideCancelWindow(b.visitAt, now)) {
      const [loc] = await tx.select().from(locations).where(eq(locations.id, b.locationId)).limit(1);
      throw fieldError('status', cancelWindowMessage({ name: loc?.name ?? 'the property', phone: loc?.phone ?? '' }));
    }
    const [updated] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(bookings.id, bookingId), inArray(bookings.status, ['pending', 'accepted'])))
      .returning();
    if (!updated)
      throw httpError(409, BOOKING_TEXT.alreadyUpdated, 'booking_already_updated', {
        errors: { status: [BOOKING_TEXT.alreadyUpdated] },
      });
    const facts = await loadFacts(tx, updated);
    await mailBookingCancelled(tx, ctx.config, facts);
    await withdrawInvitation(tx, ctx.config, updated, facts, 'cancelled', now);
    return updated;
  });
  return serializeBooking(ctx.db, row, { side: 'media', now: ctx.clock.now() });
}

/** POST bookings/{id}/rate_influencer: once, after the visit; rating finishes the booking. */
export async function rateInfluencer(
  ctx: AppContext,
  ownerId: number,
  bookingId: number,
  input: { rate: number; review: string | null },
): Promise<BookingResource> {
  const existing = await bookingById(ctx.db, bookingId);
  await assertOwnsBrand(ctx.db, ownerId, existing.brandId);
  const now = ctx.clock.now();
  if (existing.rate !== null || existing.review) throw fieldError('rate', BOOKING_TEXT.rateOnce);
  if (existing.status !== 'accepted' && existing.status !== 'finished') {
    throw fieldError('rate', BOOKING_TEXT.rateNotAllowed);
  }
  if (existing.visitAt.getTime() > now.getTime()) throw fieldError('rate', BOOKING_TEXT.rateNotYet);
  const [updated] = await ctx.db
    .update(bookings)
    .set({ rate: input.rate, review: input.review, ratedAt: now, status: 'finished', updatedAt: now })
    .where(
      and(
        eq(bookings.id, bookingId),
        isNull(bookings.rate),
        isNull(bookings.review),
        inArray(bookings.status, ['accepted', 'finished']),
      ),
    )
    .returning();
  if (!updated) throw fieldError('rate', BOOKING_TEXT.rateOnce);
  return serializeBooking(ctx.db, updated, { side: 'brand', now });
}

// ---------------------------------------------------------------- job

/** Accepted bookings become finished once the visit has passed by 12 hours. Returns how many. */
export async function finishPastVisits(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - LIMITS.finishAfterVisitHours * 3600_000);
  const rows = await ctx.db
    .update(bookings)
    .set({ status: 'finished', updatedAt: now })
    .where(and(eq(bookings.status, 'accepted'), lte(bookings.visitAt, cutoff)))
    .returning({ id: bookings.id });
  return rows.length;
}

/**
 * Pending requests whose visit time has passed without an answer become declined with reason
 * `expired`, and the media user is told by mail (decisions.md, Review and lifecycle). Each row is
 * changed and mailed in one transaction, from pending only, so a run racing a brand's answer or
 * another node changes and mails each booking once. Returns how many expired.
 */
export async function expirePendingBookings(ctx: AppContext, limit = 200): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), lte(bookings.visitAt, now)))
    .orderBy(asc(bookings.visitAt), asc(bookings.id))
    .limit(limit);
  let expired = 0;
  for (const { id } of due) {
    const done = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(bookings)
        .set({ status: 'declined', declineReason: 'expired', updatedAt: now })
        .where(and(eq(bookings.id, id), eq(bookings.status, 'pending'), lte(bookings.visitAt, now)))
        .returning();
      if (!updated) return false;
      await mailBookingExpired(tx, ctx.config, await loadFacts(tx, updated));
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}
