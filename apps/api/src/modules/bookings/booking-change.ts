import { LIMITS } from '@comped/shared/limits';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { eq, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import type { CampaignBookingSettings } from '../../db/schema';
import { bookings, brands, campaigns, conversations, locations, tasks, users } from '../../db/schema';
import type { AppError } from '../../lib/app-error';
import { appError } from '../../lib/app-error';
import type { BrandSideMember } from '../brands/brands.policy';
import { brandSideMembersSql, brandSideOf } from '../brands/brands.policy';
import type { ConversationRow } from '../conversations/conversations.policy';
import { conversationIdsOfBookings } from '../conversations/open-conversation';
import { queueMail } from '../mail/queue-mail';
import type { CompTerms, VisitFacts } from './bookings.mails';
import { invitationCancelledMail } from './bookings.mails';
import type { BookingRow, BookingView, SerializeOptions } from './bookings.serializer';
import { bookingCampaignColumns, bookingTaskColumns, toBookingResource } from './bookings.serializer';
import { reliabilityOf } from './reliability';

/**
 * A booking with everything its rules, mails, notices and answer need, read in one statement: the
 * campaign and its brand (with the owner, for "who may", and the members, for who hears of it),
 * the location, the media user, the task and the conversation.
 */
export interface BookingFacts {
  booking: BookingRow;
  user: typeof users.$inferSelect;
  campaign: BookingView['campaign'] & {};
  brandOwnerId: number;
  location: { id: number; name: string; address: string; phone: string; timeZone: string };
  task: BookingView['task'];
  /** The booking's conversation, when it has one (every booking requested since issue 26). */
  conversation: ConversationRow | null;
  /** The brand's accepted members, its brand side with the owner (brandSideOf). */
  brandMembers: BrandSideMember[];
}

/**
 * Reads a booking's facts; with `lock`, the booking row is locked (`FOR UPDATE OF bookings`) until
 * the transaction ends, so two changes of one booking take turns and each sees the other's result.
 */
export async function loadBookingFacts(
  db: DbOrTx,
  bookingId: number,
  opts: { lock?: boolean } = {},
): Promise<BookingFacts | null> {
  // Built once per connection and kind (db/prepared.ts): every change of a booking runs it.
  const name = opts.lock ? 'booking_facts_locked' : 'booking_facts';
  const query = preparedOn(db, name, (on) => {
    const select = on
      .select({
        booking: bookings,
        user: users,
        campaign: bookingCampaignColumns,
        brandOwnerId: brands.ownerId,
        location: {
          id: locations.id,
          name: locations.name,
          address: locations.address,
          phone: locations.phone,
          timeZone: locations.timeZone,
        },
        task: bookingTaskColumns,
        conversation: conversations,
        brandMembers: brandSideMembersSql(brands.id),
      })
      .from(bookings)
      .innerJoin(campaigns, eq(campaigns.id, bookings.campaignId))
      .innerJoin(brands, eq(brands.id, campaigns.brandId))
      .innerJoin(locations, eq(locations.id, bookings.locationId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .leftJoin(tasks, eq(tasks.bookingId, bookings.id))
      .leftJoin(conversations, eq(conversations.bookingId, bookings.id))
      .where(eq(bookings.id, sql.placeholder('bookingId')))
      .limit(1);
    return (opts.lock ? select.for('update', { of: bookings }) : select).prepare(name);
  });
  const [row] = await query.execute({ bookingId });
  if (!row) return null;
  return { ...row, task: row.task ?? undefined };
}

/** The booking's brand side (who hears of it), from its facts. */
export function brandSideOfFacts(facts: BookingFacts): number[] {
  return brandSideOf(facts.brandOwnerId, facts.brandMembers, facts.booking.locationId);
}

/** The campaign's comp terms (issue 30), or undefined when the campaign has none. */
export function compTermsOf(
  booking:
    | (Pick<CampaignBookingSettings, 'compensation'> &
        Partial<Pick<CampaignBookingSettings, 'includes' | 'allowance' | 'guest_policy' | 'max_guests'>>)
    | null
    | undefined,
): CompTerms | undefined {
  if (!booking) return undefined;
  const includes = booking.includes ?? [];
  if (includes.length === 0 && booking.allowance == null && !booking.guest_policy) return undefined;
  return {
    includes,
    allowance: booking.allowance ?? null,
    guestPolicy: booking.guest_policy ?? null,
    maxGuests: booking.max_guests ?? LIMITS.maxGuestsDefault,
  };
}

/** What the booking mails tell (bookings.mails.ts), from the facts. */
export function visitFactsOf(facts: BookingFacts): VisitFacts {
  const { booking: b, campaign, location, user } = facts;
  return {
    bookingId: b.id,
    campaignName: campaign.name,
    brandName: campaign.brandName,
    locationName: location.name,
    address: location.address,
    phone: location.phone,
    date: b.bookingDate,
    time: b.bookingTime,
    visitAt: b.visitAt,
    guests: b.guests,
    compensation: campaign.booking?.compensation ?? null,
    media: { name: user.name, email: user.email },
    checkInCode: b.checkInCode,
    terms: compTermsOf(campaign.booking),
  };
}

export type BookingUpdate = Partial<Omit<typeof bookings.$inferInsert, 'id'>>;

/** Why a visit with a calendar invitation will not happen: the cancelling invitation says so. */
const WITHDRAWN_BECAUSE = {
  cancelled: (v: VisitFacts) => `Your visit for "${v.campaignName}" at ${v.brandName} is cancelled.`,
  declined: (v: VisitFacts) => `Your visit for "${v.campaignName}" at ${v.brandName} will not take place.`,
  no_show: (v: VisitFacts) => `Your visit for "${v.campaignName}" at ${v.brandName} was marked as a no-show.`,
} as const;

/**
 * One change of a booking's state, as a use case describes it; `changeBooking` runs it.
 * - `authorize`: who may (a function of bookings.policy.ts); throws 403.
 * - `decide`: the rules on the locked row; throws the refusal, or gives the new values; null when
 *   there is nothing left to do (a job's run that another node or an answer overtook). `refuse`
 *   writes `set` and still refuses, once committed (a wrong check-in code is counted).
 * - `effects`: what goes with the change in its transaction (a task, mails, reminders); it may give
 *   back facts it changed, for the answer.
 * - `withdraw`: the visit will not happen: a calendar invitation sent before is withdrawn.
 */
export interface BookingChange {
  authorize?: (facts: BookingFacts) => void;
  decide: (facts: BookingFacts, now: Date) => { set: BookingUpdate; refuse?: AppError } | null;
  effects?: (tx: Tx, facts: BookingFacts, now: Date) => Promise<Partial<BookingFacts> | void>;
  withdraw?: keyof typeof WITHDRAWN_BECAUSE;
}

/**
 * The one path of every change of a booking: load (one statement, row locked), authorize, decide,
 * write, effects (mails queued in the same transaction), withdraw the invitation. Returns the facts
 * after the change, or null when `decide` found nothing to do; a 404 when there is no such booking.
 */
export async function changeBooking(
  ctx: AppContext,
  bookingId: number,
  change: BookingChange,
): Promise<BookingFacts | null> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const facts = await loadBookingFacts(tx, bookingId, { lock: true });
    if (!facts) throw appError('not_found');
    change.authorize?.(facts);
    const now = ctx.clock.now();
    const decision = change.decide(facts, now);
    if (!decision) return null;
    const sequence = change.withdraw && facts.booking.inviteSequence !== null ? facts.booking.inviteSequence + 1 : null;
    const set: BookingUpdate = sequence === null ? decision.set : { ...decision.set, inviteSequence: sequence };
    const [updated] = await tx.update(bookings).set(set).where(eq(bookings.id, bookingId)).returning();
    if (!updated) throw appError('not_found');
    if (decision.refuse) return { refuse: decision.refuse };
    let changed: BookingFacts = { ...facts, booking: updated };
    const more = await change.effects?.(tx, changed, now);
    if (more) changed = { ...changed, ...more };
    if (change.withdraw && sequence !== null) {
      const visit = visitFactsOf(changed);
      const why = WITHDRAWN_BECAUSE[change.withdraw](visit);
      await queueMail(tx, invitationCancelledMail(ctx.config, visit, sequence, now, why));
    }
    return { changed };
  });
  if (outcome && 'refuse' in outcome) throw outcome.refuse;
  return outcome?.changed ?? null;
}

/** The answer of a write: the resource from the facts it read (only the reliability score is read). */
export async function toChangedResource(
  ctx: AppContext,
  facts: BookingFacts,
  side: SerializeOptions['side'],
): Promise<BookingResource> {
  const deciderId = facts.booking.decidedBy;
  const [reliability, conversationIds, [decider]] = await Promise.all([
    reliabilityOf(ctx.db, [facts.user.id]),
    // Read with the facts; only a booking older than conversations has one opened by the change.
    facts.conversation
      ? new Map([[facts.booking.id, facts.conversation.id]])
      : conversationIdsOfBookings(ctx.db, [facts.booking.id]),
    deciderId === null
      ? Promise.resolve([])
      : ctx.db.select({ name: users.name }).from(users).where(eq(users.id, deciderId)).limit(1),
  ]);
  return toBookingResource(
    {
      booking: facts.booking,
      user: facts.user,
      campaign: facts.campaign,
      location: {
        id: facts.location.id,
        name: facts.location.name,
        address: facts.location.address,
        phone: facts.location.phone,
        time_zone: facts.location.timeZone,
      },
      task: facts.task,
      reliability: reliability.get(facts.user.id),
      conversationId: conversationIds.get(facts.booking.id),
      decidedBy: decider ?? null,
    },
    { side, now: ctx.clock.now() },
  );
}
