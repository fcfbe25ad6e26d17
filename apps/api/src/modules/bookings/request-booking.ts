import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import { isMediaRole } from '@comped/shared/roles';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { CAPACITY_BOOKING_STATUSES, LIVE_BOOKING_STATUSES } from '@comped/shared/statuses';
import { weekStartOf } from '@comped/shared/time';
import { guestBounds, guestPolicyMessage } from '@comped/shared/validation/slots';
import { and, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { bookings, brands, campaignLocations, campaigns, locations, users, waitlistEntries } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { zonedToInstant } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/database-errors';
import { KeyedQueue } from '../../lib/keyed-queue';
import { recordEvent } from '../analytics/record-event';
import { brandSideMembersSql, brandSideOf } from '../brands/brands.policy';
import { campaignToday } from '../campaigns/campaign-expiry';
import type { MediaViewer } from '../campaigns/campaign-visibility';
import { visibleToMedia } from '../campaigns/campaign-visibility';
import { markInvitationBooked } from '../invitations/mark-invitation-booked';
import { queueMail } from '../mail/queue-mail';
import { notificationText } from '../notifications/notification-texts';
import { isSlotAvailable } from './availability';
import { compTermsOf } from './booking-change';
import { notifyBrandSide, postBookingEvent, visitWhen } from './booking-notices';
import { bookingRequestedMail } from './bookings.mails';
import type { BookingView } from './bookings.serializer';
import { toBookingResource } from './bookings.serializer';
import { reliabilityOf } from './reliability';
import { consumeHold, ownHold } from './waitlist-places';

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
  // Places held for other waiting users whose hold has not lapsed (issue 30), as weekPlaces counts them.
  const held = db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.campaignId, campaigns.id),
        eq(waitlistEntries.weekStart, sql.placeholder('weekStart')),
        eq(waitlistEntries.status, 'offered'),
        gt(waitlistEntries.holdUntil, sql.placeholder('now')),
        ne(waitlistEntries.userId, users.id),
      ),
    );
  return db
    .select({
      campaign: campaigns,
      user: users,
      location: locations,
      brand: {
        id: brands.id,
        name: brands.name,
        logo: brands.logo,
        brandType: brands.brandType,
        ownerId: brands.ownerId,
      },
      owner: { name: owners.name, email: owners.email },
      brandMembers: brandSideMembersSql(brands.id),
      live: sql<boolean>`exists (${live})`,
      booked: sql<number>`(${booked})`.mapWith(Number),
      held: sql<number>`(${held})`.mapWith(Number),
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
    .where(
      and(
        eq(campaigns.id, sql.placeholder('campaignId')),
        visibleToMedia({ ...viewer, userId: sql.placeholder('userId') }, today),
      ),
    )
    .limit(1)
    .prepare(`booking_facts_${viewer.role}${viewer.tier === null ? '_untiered' : ''}`);
}

/**
 * Everything a booking request is judged on, in one statement: the campaign as the user may see
 * it, the user's profile, the location if it is the campaign's, the brand owner to mail and the
 * brand's accepted members (its brand side), whether the user already holds a live booking of the
 * campaign, the week's count and the places of the week held at `now` for other waiting users
 * (what weekPlaces counts; the partial unique index, `bookings_campaign_week_idx` and the
 * waitlist's week index answer the subqueries). Null when the campaign is not visible. Inside the
 * transaction it runs after the lock statement, so it reads what the request before it committed.
 */
async function bookingFacts(
  ctx: AppContext,
  db: DbOrTx,
  requester: BookingRequester,
  input: BookingRequest,
  now: Date,
) {
  if (!isMediaRole(requester.role)) throw appError('not_found');
  const viewer = { role: requester.role, tier: requester.tier };
  const today = campaignToday(ctx);
  // Built once per connection, viewer and day (the tier and the day are values of its SQL).
  const query = preparedOn(db, `booking_facts:${viewer.role}:${viewer.tier}:${today}`, (on) =>
    factsQuery(on, viewer, today),
  );
  const weekStart = weekStartOf(input.booking_date);
  const [row] = await query.execute({
    userId: requester.id,
    campaignId: input.campaign_id,
    locationId: input.location_id,
    weekStart,
    now,
  });
  if (row && (row.user.role !== requester.role || row.user.tier !== requester.tier)) {
    // The user's role or tier changed since the request was authenticated: judge with the new ones.
    return bookingFacts(ctx, db, row.user, input, now);
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
    throw appError('validation_failed', { field: 'booking', message: MSG.campaignTakesNoBookings });
  if (
    (user.role === 'influencer' && !user.instagram?.trim()) ||
    (user.role === 'journalist' && !user.workplace?.trim())
  ) {
    throw appError('profile_incomplete', { field: 'profile' });
  }
  if (facts.live) throw alreadyBooked();
  if (!location) throw appError('validation_failed', { field: 'location_id', message: MSG.locationRequired });
  const maxGuests = settings.max_guests ?? LIMITS.maxGuestsDefault;
  // The campaign's guest policy (issue 30): none 0, optional 0..max, required or unset 1..max.
  const guests = guestBounds(settings.guest_policy, maxGuests);
  if (input.guests < guests.min || input.guests > guests.max)
    throw appError('validation_failed', {
      field: 'guests',
      message: guestPolicyMessage(settings.guest_policy, maxGuests),
    });
  const now = ctx.clock.now();
  if (!isSlotAvailable(campaign, location, input.booking_date, input.booking_time, now, false)) throw weekFull();
  const max = settings.max_bookings_per_week ?? LIMITS.maxBookingsPerWeekDefault;
  // Places held for waiting users (issue 30) count as taken for everyone else.
  const taken = facts.booked + facts.held;
  return { ...facts, location, now, max, taken, full: taken >= max };
}

/** Whether a place of the week is held for the user now (read without a lock, before their turn). */
async function hasLiveHold(ctx: AppContext, userId: number, campaignId: number, weekStart: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.campaignId, campaignId),
        eq(waitlistEntries.weekStart, weekStart),
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.status, 'offered'),
        gt(waitlistEntries.holdUntil, ctx.clock.now()),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The campaign's row lock, the first statement of a request's transaction (built once per connection). */
const lockCampaign = (tx: DbOrTx) =>
  preparedOn(tx, 'booking_lock_campaign', (on) =>
    on
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.id, sql.placeholder('campaignId')))
      .for('update')
      .prepare('booking_lock_campaign'),
  );

/** The new pending booking (built once per connection). */
const insertBooking = (tx: DbOrTx) =>
  preparedOn(tx, 'booking_insert', (on) =>
    on
      .insert(bookings)
      .values({
        campaignId: sql.placeholder('campaignId'),
        locationId: sql.placeholder('locationId'),
        userId: sql.placeholder('userId'),
        brandId: sql.placeholder('brandId'),
        status: 'pending',
        bookingDate: sql.placeholder('bookingDate'),
        bookingTime: sql.placeholder('bookingTime'),
        weekStart: sql.placeholder('weekStart'),
        visitAt: sql.placeholder('visitAt'),
        guests: sql.placeholder('guests'),
        createdAt: sql.placeholder('now'),
        updatedAt: sql.placeholder('now'),
      })
      .returning()
      .prepare('booking_insert'),
  );

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
 * first and then reads the facts and checks every rule, so the weekly count it reads is final,
 * across any number of server processes; the partial unique index catches a second live booking of
 * the same user. The facts are read once, there, and the answer is made from them.
 *
 * A storm for the last slots (200 requests at once) must not queue 200 pool connections on that
 * lock, so within this process requests for one campaign take turns (campaignQueue): only one holds
 * a connection inside the locked transaction. Once a request fills the week (or finds it full) the
 * ones behind it, and those arriving while the queue is still busy, are refused from the queue's
 * memo, in memory; every other request reads its facts once, in its turn, under the lock (issue 31:
 * a read without the lock before the turn doubled the facts statement of every queued request).
 */
export async function requestBooking(
  ctx: AppContext,
  requester: BookingRequester,
  input: BookingRequest,
): Promise<BookingResource> {
  const queue = campaignQueue(ctx);
  const week = weekStartOf(input.booking_date);
  try {
    // Behind others: a week this spell already filled is refused at once, without waiting its turn.
    const spell = queue.memoOf(input.campaign_id);
    if (spell?.has(week) && !(await hasLiveHold(ctx, requester.id, input.campaign_id, week))) throw weekFull();
    const booked = await queue.run(input.campaign_id, async ({ memo: fullWeeks }) => {
      // A week found full is refused from memory, unless a place of it is held for this user.
      if (fullWeeks.has(week) && !(await hasLiveHold(ctx, requester.id, input.campaign_id, week))) throw weekFull();
      const result = await ctx.db.transaction(async (tx) => {
        await lockCampaign(tx).execute({ campaignId: input.campaign_id });
        const lockedNow = ctx.clock.now();
        // The user's own hold, locked: the job that ends it waits for this request, or went first.
        await ownHold(tx, input.campaign_id, week, requester.id, lockedNow);
        const facts = judgeBookingRequest(ctx, await bookingFacts(ctx, tx, requester, input, lockedNow), input);
        if (facts.full) return { full: true as const };
        const { user, campaign, location, owner, brand, weekStart, now } = facts;
        const [created] = await insertBooking(tx).execute({
          campaignId: campaign.id,
          locationId: location.id,
          userId: user.id,
          brandId: campaign.brandId,
          bookingDate: input.booking_date,
          bookingTime: input.booking_time,
          weekStart,
          visitAt: zonedToInstant(input.booking_date, input.booking_time, location.timeZone),
          guests: input.guests,
          now,
        });
        if (!created) throw new Error('booking insert returned nothing');
        await consumeHold(tx, campaign.id, weekStart, user.id, created.id);
        await recordEvent(tx, 'booking_request', user.id, now, { booking_id: created.id, campaign_id: campaign.id });
        // The booking's conversation opens with the request, its first line the request (issue 26);
        // its brand side, read with the facts, is the conversation's and the notification's.
        const when = visitWhen(created);
        const brandSide = brand ? brandSideOf(brand.ownerId, facts.brandMembers, created.locationId) : [];
        const conversationId = await postBookingEvent(tx, ctx, created, 'requested', when, brandSide);
        await notifyBrandSide(
          tx,
          ctx,
          created,
          notificationText.bookingRequested({ mediaName: user.name, campaignName: campaign.name, when }),
          brandSide,
        );
        await markInvitationBooked(tx, campaign.id, user.id, now);
        const view: BookingView = {
          booking: created,
          user,
          campaign: {
            id: campaign.id,
            name: campaign.name,
            categoryId: campaign.categoryId,
            booking: campaign.booking,
            brandId: brand?.id ?? campaign.brandId,
            brandName: brand?.name ?? '',
            brandLogo: brand?.logo ?? null,
            brandType: brand?.brandType ?? null,
          },
          location: {
            id: location.id,
            name: location.name,
            address: location.address,
            phone: location.phone,
            time_zone: location.timeZone,
          },
          task: undefined,
          reliability: undefined,
          conversationId,
        };
        if (owner?.email) {
          const visit = {
            bookingId: created.id,
            campaignName: campaign.name,
            brandName: brand?.name ?? '',
            locationName: location.name,
            address: location.address,
            phone: location.phone,
            date: created.bookingDate,
            time: created.bookingTime,
            visitAt: created.visitAt,
            guests: created.guests,
            compensation: campaign.booking?.compensation ?? null,
            media: { name: user.name, email: user.email },
            checkInCode: created.checkInCode,
            terms: compTermsOf(campaign.booking),
          };
          await queueMail(tx, bookingRequestedMail(ctx.config, { name: owner.name ?? '', email: owner.email }, visit));
        }
        return { full: false as const, view, fills: facts.taken + 1 >= facts.max };
      });
      // After the commit (or the refusal), before the next request's turn: the week is full.
      if (result.full || result.fills) fullWeeks.add(week);
      if (result.full) throw weekFull();
      return result.view;
    });
    const reliability = await reliabilityOf(ctx.db, [booked.user.id]);
    return toBookingResource(
      { ...booked, reliability: reliability.get(booked.user.id) },
      { side: 'media', now: ctx.clock.now() },
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyBooked();
    throw err;
  }
}
