import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
import { KeyedQueue } from '../../lib/keyed-queue';
import { appError } from '../../lib/app-error';
import { recordEvent } from '../analytics/analytics.service';
import { campaignToday } from '../campaigns/campaign-expiry';
import { visibleToMedia } from '../campaigns/campaign-visibility';
import type { MediaViewer } from '../campaigns/campaign-visibility';
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
  if (!u) throw appError('forbidden');
  return u;
}

/**
 * A campaign as a media user may see it: the one SQL rule of campaign-visibility.ts (the one
 * discovery lists with). Anything else is 404.
 */
async function visibleCampaign(ctx: AppContext, db: DbOrTx, user: UserRow, campaignId: number): Promise<CampaignRow> {
  if (!isMediaRole(user.role)) throw appError('not_found');
  const [c] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), visibleToMedia({ role: user.role, tier: user.tier }, campaignToday(ctx))))
    .limit(1);
  if (!c) throw appError('not_found');
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
  if (!row) throw appError('validation_failed', { field: 'location_id', message: MSG.locationRequired });
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

const alreadyBooked = () => appError('already_booked', { field: 'booking' });

export interface BookingRequest {
  campaign_id: number;
  location_id: number;
  booking_date: string;
  booking_time: string;
  guests: number;
}

/** Who asks: the signed-in user as requireAuth read it (its role and tier decide what is visible). */
export interface BookingRequester {
  id: number;
  role: string;
  tier: number | null;
}

const owners = alias(users, 'owner');

/**
 * The statement behind bookingFacts for one viewer (role and tier) and day, with the request's own
 * values as placeholders. A named, prepared statement: PostgreSQL plans its six relations once per
 * connection instead of on every request (planning was most of its cost: about 0.7 ms of 0.9), and
 * Drizzle builds its SQL once instead of per request. The name follows the SQL text, which the role
 * and a missing tier change (campaign-visibility.ts); tier and day are parameters.
 */
function factsQuery(db: DbOrTx, viewer: MediaViewer, today: string) {
  const live = db
    .select({ one: sql`1` })
    .from(bookings)
    .where(
      and(
        eq(bookings.campaignId, campaigns.id),
        eq(bookings.userId, users.id),
        inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
      ),
    );
  const booked = db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.campaignId, campaigns.id),
        eq(bookings.weekStart, sql.placeholder('weekStart')),
        inArray(bookings.status, [...CAPACITY_BOOKING_STATUSES]),
      ),
    );
  return db
    .select({
      campaign: campaigns,
      user: {
        id: users.id,
        role: users.role,
        tier: users.tier,
        name: users.name,
        email: users.email,
        instagram: users.instagram,
        workplace: users.workplace,
      },
      location: locations,
      owner: { name: owners.name, email: owners.email, brandName: brands.name },
      live: sql<boolean>`exists (${live})`,
      booked: sql<number>`(${booked})`.mapWith(Number),
    })
    .from(campaigns)
    .innerJoin(users, eq(users.id, sql.placeholder('userId')))
    .leftJoin(
      campaignLocations,
      and(
        eq(campaignLocations.campaignId, campaigns.id),
        eq(campaignLocations.locationId, sql.placeholder('locationId')),
      ),
    )
    .leftJoin(locations, and(eq(locations.id, campaignLocations.locationId), isNull(locations.deletedAt)))
    .leftJoin(brands, eq(brands.id, campaigns.brandId))
    .leftJoin(owners, eq(owners.id, brands.ownerId))
    .where(and(eq(campaigns.id, sql.placeholder('campaignId')), visibleToMedia(viewer, today)))
    .limit(1)
    .prepare(`booking_facts_${viewer.role}${viewer.tier === null ? '_untiered' : ''}`);
}

/** The pool's prepared facts statements by viewer and day (a few a day; the day's change clears them). */
const preparedFacts = new WeakMap<DbOrTx, Map<string, ReturnType<typeof factsQuery>>>();

/**
 * Everything a booking request is judged on, in one statement: the campaign as the user may see
 * it, the user's profile, the location if it is the campaign's, the brand owner to mail, whether
 * the user already holds a live booking of the campaign, and the week's count (the partial unique
 * index and `bookings_campaign_week_idx` answer the two subqueries). Null when the campaign is not
 * visible. Inside the transaction it runs after the lock statement, so it reads what the request
 * before it committed.
 */
async function bookingFacts(ctx: AppContext, db: DbOrTx, requester: BookingRequester, input: BookingRequest) {
  if (!isMediaRole(requester.role)) throw appError('not_found');
  const viewer = { role: requester.role, tier: requester.tier };
  const today = campaignToday(ctx);
  let query: ReturnType<typeof factsQuery>;
  if (db === ctx.db) {
    let cache = preparedFacts.get(db);
    if (!cache) preparedFacts.set(db, (cache = new Map()));
    const key = `${viewer.role}:${viewer.tier}:${today}`;
    if (!cache.has(key) && cache.size >= 16) cache.clear();
    query = cache.get(key) ?? factsQuery(db, viewer, today);
    cache.set(key, query);
  } else {
    // A transaction's own statement (same name and text: its connection reuses the plan).
    query = factsQuery(db, viewer, today);
  }
  const weekStart = weekStartOf(input.booking_date);
  const [row] = await query.execute({
    userId: requester.id,
    campaignId: input.campaign_id,
    locationId: input.location_id,
    weekStart,
  });
  if (row && (row.user.role !== requester.role || row.user.tier !== requester.tier)) {
    // The user's role or tier changed since the request was authenticated: judge with the new ones.
    return bookingFacts(ctx, db, row.user, input);
  }
  return row ? { ...row, weekStart } : null;
}

/**
 * Every rule of a booking request, in the order its errors are reported; throws the first broken
 * one, but for the last: `full` says whether the week has no room left (the caller refuses it).
 */
function judgeBookingRequest(ctx: AppContext, facts: Awaited<ReturnType<typeof bookingFacts>>, input: BookingRequest) {
  if (!facts) throw appError('not_found');
  const { campaign, user, location } = facts;
  const settings = campaign.booking;
  if (!settings || settings.information_only)
    throw appError('validation_failed', { field: 'booking', message: BOOKING_TEXT.noBookings });
  if (
    (user.role === 'influencer' && !user.instagram?.trim()) ||
    (user.role === 'journalist' && !user.workplace?.trim())
  ) {
    throw appError('profile_incomplete', { field: 'profile' });
  }
  if (facts.live) throw alreadyBooked();
  if (!location) throw appError('validation_failed', { field: 'location_id', message: MSG.locationRequired });
  const maxGuests = settings.max_guests ?? LIMITS.maxGuestsDefault;
  if (input.guests < 1 || input.guests > maxGuests)
    throw appError('validation_failed', { field: 'guests', message: guestsMessage(maxGuests) });
  const now = ctx.clock.now();
  if (!isSlotAvailable(campaign, location, input.booking_date, input.booking_time, now, false)) throw weekFull();
  const max = settings.max_bookings_per_week ?? LIMITS.maxBookingsPerWeekDefault;
  return { ...facts, location, now, max, full: facts.booked >= max };
}

/** A full week answers as a slot without availability (the same field and message). */
const weekFull = () => appError('validation_failed', { field: 'booking_date', message: MSG.selectDayAndTime });

/**
 * One queue per app (each test app has its own, as each server process does). Its memo: the weeks a
 * request of this spell found full or filled, so the requests queued behind it are refused without
 * a query; it is dropped when the campaign's queue empties, and the next request reads the database.
 */
const campaignQueues = new WeakMap<AppContext, KeyedQueue<number, Set<string>>>();
function campaignQueue(ctx: AppContext): KeyedQueue<number, Set<string>> {
  let queue = campaignQueues.get(ctx);
  if (!queue) campaignQueues.set(ctx, (queue = new KeyedQueue(() => new Set<string>())));
  return queue;
}

/**
 * POST bookings. The campaign row lock (`FOR UPDATE`) is the authority: the transaction takes it
 * first and then re-checks every rule, so the weekly count it reads is final, across any number of
 * server processes; the partial unique index catches a second live booking of the same user.
 *
 * A storm for the last slots (200 requests at once) must not queue 200 pool connections on that
 * lock, so in front of it:
 * - one statement without a lock answers every refusal (a full week above all) at once;
 * - within this process, requests for one campaign then take turns (campaignQueue): only one holds a
 *   connection inside the locked transaction. Those that arrived together all passed that check
 *   before any of them booked: once one of them fills the week (or finds it full) the ones behind it
 *   are refused from the queue's memo, in memory; one that had to wait for another week re-checks
 *   with the single statement first (another process may have filled it).
 */
export async function createBooking(
  ctx: AppContext,
  requester: BookingRequester,
  input: BookingRequest,
): Promise<BookingResource> {
  try {
    if (judgeBookingRequest(ctx, await bookingFacts(ctx, ctx.db, requester, input), input).full) throw weekFull();
    const row = await campaignQueue(ctx).run(input.campaign_id, async ({ waited, memo: fullWeeks }) => {
      const week = weekStartOf(input.booking_date);
      const judge = (facts: Awaited<ReturnType<typeof bookingFacts>>) => {
        const judged = judgeBookingRequest(ctx, facts, input);
        if (!judged.full) return judged;
        fullWeeks.add(week);
        throw weekFull();
      };
      if (fullWeeks.has(week)) throw weekFull();
      if (waited) judge(await bookingFacts(ctx, ctx.db, requester, input));
      const booked = await ctx.db.transaction(async (tx) => {
        await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, input.campaign_id)).for('update');
        const facts = judge(await bookingFacts(ctx, tx, requester, input));
        const { user, campaign, location, owner, weekStart, now } = facts;
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
        if (owner?.email) {
          await mailBookingRequested(
            tx,
            ctx.config,
            { name: owner.name ?? '', email: owner.email },
            factsOf(created, campaign, location, owner.brandName ?? '', user),
          );
        }
        return { created, fills: facts.booked + 1 >= facts.max };
      });
      // After the commit, before the next request's turn: it filled the week.
      if (booked.fills) fullWeeks.add(week);
      return booked.created;
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
  if (!row) throw appError('not_found');
  return factsOf(b, row.campaign, row.location, row.brandName, row.media);
}

export async function bookingById(db: DbOrTx, bookingId: number): Promise<BookingRow> {
  const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!b) throw appError('not_found');
  return b;
}

const bookingExpired = () => appError('booking_expired', { errors: { status: [MSG.bookingExpired] } });

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
  if (existing.brandId !== brandId) throw appError('forbidden');
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
    if (!updated) throw appError('booking_already_updated', { errors: { status: [BOOKING_TEXT.alreadyUpdated] } });
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
  if (existing.userId !== userId) throw appError('forbidden');
  const row = await ctx.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
    if (!b) throw appError('not_found');
    if (b.status !== 'pending' && b.status !== 'accepted')
      throw appError('validation_failed', { field: 'status', message: BOOKING_TEXT.notCancellable });
    const now = ctx.clock.now();
    if (insideCancelWindow(b.visitAt, now)) {
      const [loc] = await tx.select().from(locations).where(eq(locations.id, b.locationId)).limit(1);
      throw appError('validation_failed', {
        field: 'status',
        message: cancelWindowMessage({ name: loc?.name ?? 'the property', phone: loc?.phone ?? '' }),
      });
    }
    const [updated] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(bookings.id, bookingId), inArray(bookings.status, ['pending', 'accepted'])))
      .returning();
    if (!updated) throw appError('booking_already_updated', { errors: { status: [BOOKING_TEXT.alreadyUpdated] } });
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
  if (existing.rate !== null || existing.review)
    throw appError('validation_failed', { field: 'rate', message: BOOKING_TEXT.rateOnce });
  if (existing.status !== 'accepted' && existing.status !== 'finished') {
    throw appError('validation_failed', { field: 'rate', message: BOOKING_TEXT.rateNotAllowed });
  }
  if (existing.visitAt.getTime() > now.getTime())
    throw appError('validation_failed', { field: 'rate', message: BOOKING_TEXT.rateNotYet });
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
  if (!updated) throw appError('validation_failed', { field: 'rate', message: BOOKING_TEXT.rateOnce });
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
