import { SLOT_RULES } from '@comped/shared/limits';
import type { MediaType } from '@comped/shared/roles';
import type {
  BookingResource,
  BookingTaskSummary,
  MediaUserSummary,
  TaskPostResource,
} from '@comped/shared/schemas/resources';
import type { SocialNetwork } from '@comped/shared/schemas/session';
import type { Reliability } from '@comped/shared/validation/visits';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { arrayParam, fromDriver, pageOfIds, preparedSql } from '../../db/prepared';
import type { CampaignBookingSettings, TaskPost } from '../../db/schema';
import {
  bookings as bookingsTable,
  brands,
  campaigns,
  conversations,
  locations,
  mediaReliability,
  tasks,
  users,
} from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { toReliability } from './reliability';
import { checkInWindow, disputeUntil, noShowRefusal, taskDueAt } from './visit-times';

export type BookingRow = typeof bookingsTable.$inferSelect;
type UserRow = typeof users.$inferSelect;
/** The columns of a media user that a summary shows. */
type MediaUserFields = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'profilePicture'
  | 'role'
  | 'tier'
  | 'bio'
  | 'location'
  | 'workplace'
  | 'instagram'
  | 'twitter'
  | 'tiktok'
>;

export interface SerializeOptions {
  /** Who reads: the brand side sees `can_rate`. */
  side: 'brand' | 'media';
  now: Date;
}

export function socialNetworksOf(u: Pick<UserRow, 'instagram' | 'twitter' | 'tiktok'>): SocialNetwork[] {
  const out: SocialNetwork[] = [];
  if (u.instagram) out.push({ name: 'instagram', handle: u.instagram });
  if (u.twitter) out.push({ name: 'twitter', handle: u.twitter });
  if (u.tiktok) out.push({ name: 'tiktok', handle: u.tiktok });
  return out;
}

/** A media user as bookings, tasks and profiles show them (MediaUserSummary). */
export function mediaUserSummary(u: MediaUserFields): MediaUserSummary {
  return {
    id: u.id,
    name: u.name,
    profile_picture: u.profilePicture,
    type: u.role as MediaType,
    tier_range: u.tier,
    bio: u.bio,
    location: u.location,
    workplace: u.workplace,
    socialnetworks: socialNetworksOf(u),
  };
}

/** Brand side: the visit has passed, the booking is accepted or finished, and nothing is rated yet. */
export function canRate(b: BookingRow, now: Date): boolean {
  return (
    (b.status === 'accepted' || b.status === 'finished') &&
    b.visitAt.getTime() <= now.getTime() &&
    b.rate === null &&
    !b.review
  );
}

/**
 * Stored posts as the wire shows them. A post stored before `check` existed says only `checked`:
 * whichever verifier confirmed it, "link format checked" is all that can be claimed for it.
 */
export function toTaskPostResources(posts: TaskPost[]): TaskPostResource[] {
  return posts.map((p) => ({ type: p.type, link: p.link, check: p.check ?? (p.checked ? 'format' : null) }));
}

/** The task as a booking shows it: due 7 days after the visit, overdue after that while open. */
export function taskSummary(
  b: Pick<BookingRow, 'visitAt'>,
  t: { id: number; completed: boolean; posts: TaskPost[]; closedAt: Date | null },
  now: Date,
): BookingTaskSummary {
  const due = taskDueAt(b.visitAt);
  return {
    id: t.id,
    completed: t.completed,
    posts: toTaskPostResources(t.posts),
    due_at: due.toISOString(),
    overdue: !t.completed && !t.closedAt && now.getTime() > due.getTime(),
    closed: t.closedAt !== null,
  };
}

/** Check-in, no-show and dispute fields (decisions.md, Beyond the specification). */
function visitFields(b: BookingRow, opts: SerializeOptions) {
  const live = b.status === 'accepted' || b.status === 'finished';
  const window = live && b.checkInCode ? checkInWindow(b.visitAt) : null;
  const until = b.noShowAt ? disputeUntil(b.noShowAt) : null;
  return {
    check_in_code: opts.side === 'media' && live ? b.checkInCode : null,
    checked_in_at: b.checkedInAt?.toISOString() ?? null,
    check_in_opens_at: window?.opensAt.toISOString() ?? null,
    check_in_closes_at: window?.closesAt.toISOString() ?? null,
    can_mark_no_show: opts.side === 'brand' && noShowRefusal(b, opts.now) === null,
    no_show_at: b.noShowAt?.toISOString() ?? null,
    dispute: b.disputedAt
      ? {
          note: b.disputeNote ?? '',
          disputed_at: b.disputedAt.toISOString(),
          outcome: b.disputeOutcome,
          settled_at: b.disputeSettledAt?.toISOString() ?? null,
        }
      : null,
    can_dispute:
      opts.side === 'media' &&
      b.status === 'no_show' &&
      !b.disputedAt &&
      until !== null &&
      opts.now.getTime() <= until.getTime(),
    dispute_until: until?.toISOString() ?? null,
  };
}

/** What the comp covers, as a booking shows it (issue 30: the terms travel with the booking). */
type CompTermsView = Pick<CampaignBookingSettings, 'compensation'> &
  Partial<Pick<CampaignBookingSettings, 'includes' | 'allowance' | 'guest_policy' | 'max_guests'>>;

function compTermsOf(c: CompTermsView): NonNullable<BookingResource['campaign']['type']['booking']> {
  return {
    compensation: c.compensation,
    includes: c.includes ?? [],
    allowance: c.allowance ?? null,
    guest_policy: c.guest_policy ?? null,
    ...(c.max_guests === undefined ? {} : { max_guests: c.max_guests }),
  };
}

/** Attendance (issue 30): the media user may confirm from 24 hours before an accepted visit. */
export function confirmOpensAt(b: Pick<BookingRow, 'visitAt'>): Date {
  return new Date(b.visitAt.getTime() - SLOT_RULES.confirmFromHours * 3_600_000);
}

function attendanceFields(b: BookingRow, opts: SerializeOptions) {
  const now = opts.now.getTime();
  const upcoming = b.status === 'accepted' && b.visitAt.getTime() > now;
  const notConfirmedFrom = b.visitAt.getTime() - SLOT_RULES.notConfirmedFromHours * 3_600_000;
  let attendance: BookingResource['attendance'] = null;
  if (opts.side === 'brand' && (b.status === 'accepted' || b.status === 'finished')) {
    if (b.confirmedAt) attendance = 'confirmed';
    else if (b.status === 'accepted' && now >= notConfirmedFrom) attendance = 'not_confirmed';
  }
  return {
    proposal: b.status === 'pending' ? (b.proposal ?? null) : null,
    confirmed_at: b.confirmedAt?.toISOString() ?? null,
    can_confirm: opts.side === 'media' && upcoming && !b.confirmedAt && now >= confirmOpensAt(b).getTime(),
    attendance,
  };
}

/** The campaign and brand a booking shows. */
export interface BookingCampaignView {
  id: number;
  name: string;
  categoryId: number;
  booking: CompTermsView | null;
  brandId: number;
  brandName: string;
  brandLogo: string | null;
  brandType: string | null;
}

/** Everything a BookingResource is made of: a write has it from its facts, a list reads it in batches. */
export interface BookingView {
  booking: BookingRow;
  user: MediaUserFields;
  campaign: BookingCampaignView | undefined;
  location: { id: number; name: string; address: string; phone: string; time_zone: string } | undefined;
  task: { id: number; completed: boolean; posts: TaskPost[]; closedAt: Date | null } | undefined;
  reliability: Reliability | undefined;
  /** The booking's conversation (issue 26); none for a booking older than conversations. */
  conversationId?: number | null;
  /** The brand-side user who decided the booking (brand teams), when known. */
  decidedBy?: { name: string } | null;
}

/** BookingResource (packages/shared/src/schemas/resources.ts) of one booking, from what was read. */
export function toBookingResource(view: BookingView, opts: SerializeOptions): BookingResource {
  const { booking: b, user: u, campaign: c, location: l, task: t } = view;
  return {
    id: b.id,
    status: b.status,
    booking_date: b.bookingDate,
    booking_time: b.bookingTime,
    guests: b.guests,
    campaign_id: b.campaignId,
    location_id: b.locationId,
    review: b.review,
    rate: b.rate,
    influencer: mediaUserSummary(u),
    campaign: {
      id: b.campaignId,
      name: c?.name ?? '',
      category_id: c?.categoryId ?? 0,
      brand: {
        id: c?.brandId ?? b.brandId,
        name: c?.brandName ?? '',
        logo: c?.brandLogo ?? null,
        brandType: c?.brandType ?? null,
      },
      type: { booking: c?.booking ? compTermsOf(c.booking) : null },
    },
    location: l ?? { id: b.locationId, name: '', address: '', phone: '', time_zone: 'UTC' },
    task: t ? taskSummary(b, t, opts.now) : null,
    can_rate: opts.side === 'brand' && canRate(b, opts.now),
    created_at: b.createdAt.toISOString(),
    ...visitFields(b, opts),
    decline_reason: b.status === 'declined' ? b.declineReason : null,
    conversation_id: view.conversationId ?? null,
    reliability: view.reliability ?? { percent: null, visits: 0 },
    // Who on the brand's side decided it: the brand's team sees it ("Accepted by Sam").
    decided_by: opts.side === 'brand' && b.decidedBy !== null ? (view.decidedBy ?? null) : null,
    ...attendanceFields(b, opts),
  };
}

/** What the one statement of toBookingResources reads per booking, each part as JSON. */
interface RelatedRow {
  id: number;
  user: MediaUserFields | null;
  campaign: BookingCampaignView | null;
  location: BookingView['location'] | null;
  task: (Omit<NonNullable<BookingView['task']>, 'closedAt'> & { closedAt: string | null }) | null;
  conversation_id: number | null;
  decider: string | null;
  visits: number | null;
  good: number | null;
  decided: number | null;
}

/**
 * Every related row of a booking `b` (the media user, the campaign and its brand, the location, the
 * task, the conversation, the decider's name and the kept reliability of its user) as JSON built in
 * SQL: the select list and the joins, for a source `b` with the bookings' columns.
 */
const relatedColumns = sql`
      json_build_object('id', u.id, 'name', u.name, 'profilePicture', u.profile_picture, 'role', u.role,
        'tier', u.tier, 'bio', u.bio, 'location', u.location, 'workplace', u.workplace,
        'instagram', u.instagram, 'twitter', u.twitter, 'tiktok', u.tiktok) as "user",
      case when c.id is not null then json_build_object('id', c.id, 'name', c.name, 'categoryId', c.category_id,
        'booking', c.booking, 'brandId', br.id, 'brandName', br.name, 'brandLogo', br.logo,
        'brandType', br.brand_type) end as campaign,
      case when l.id is not null then json_build_object('id', l.id, 'name', l.name, 'address', l.address,
        'phone', l.phone, 'time_zone', l.time_zone) end as location,
      case when t.id is not null then json_build_object('id', t.id, 'completed', t.completed, 'posts', t.posts,
        'closedAt', t.closed_at) end as task,
      conv.id as conversation_id, d.name as decider, rel.visits, rel.good, rel.decided`;
const relatedJoins = sql`
    left join ${users} u on u.id = b.user_id
    left join ${campaigns} c on c.id = b.campaign_id
    left join ${brands} br on br.id = c.brand_id
    left join ${locations} l on l.id = b.location_id
    left join ${tasks} t on t.booking_id = b.id
    left join ${conversations} conv on conv.booking_id = b.id
    left join ${users} d on d.id = b.decided_by
    left join ${mediaReliability} rel on rel.user_id = b.user_id`;

/**
 * BookingResources of rows, in their order: one statement reads every related row (relatedColumns),
 * whatever the number of rows.
 */
export async function toBookingResources(
  db: DbOrTx,
  rows: BookingRow[],
  opts: SerializeOptions,
): Promise<BookingResource[]> {
  if (rows.length === 0) return [];
  // The rows' own keys (a row may be a write not committed where `db` reads), as one array per
  // column: one statement, prepared once per connection, whatever the number of rows (issue 31).
  const statement = preparedSql(db, 'booking_related', () => {
    const column = (name: string) => sql`${sql.placeholder(name)}::int[]`;
    return sql`
    select b.id, ${relatedColumns}
    from unnest(${column('ids')}, ${column('users')}, ${column('campaigns')}, ${column('locations')},
      ${column('deciders')}) as b(id, user_id, campaign_id, location_id, decided_by)
    ${relatedJoins}`;
  });
  const result = await statement.execute({
    ids: arrayParam(rows.map((r) => r.id)),
    users: arrayParam(rows.map((r) => r.userId)),
    campaigns: arrayParam(rows.map((r) => r.campaignId)),
    locations: arrayParam(rows.map((r) => r.locationId)),
    deciders: arrayParam(rows.map((r) => r.decidedBy)),
  });
  const byId = new Map(rowsOf<RelatedRow>(result).map((r) => [Number(r.id), r]));
  return rows.map((b) => withRelated(b, byId.get(b.id), opts));
}

/** A booking of a page read by bookingPage: its row, its resource and the statement's own row. */
export interface BookingPageEntry {
  row: BookingRow;
  resource: BookingResource;
  raw: Record<string, unknown>;
}

/**
 * A page of bookings in one statement: `ids` selects the page's booking ids in order (its limit and
 * offset as placeholders); their rows and every related row (relatedColumns) come with them, in that
 * order, with `extra` columns when a list shows more (`name`: one prepared statement per shape of
 * `ids`).
 */
export async function bookingPage(
  db: DbOrTx,
  name: string,
  ids: () => SQL,
  values: Record<string, unknown>,
  opts: SerializeOptions,
  extra?: SQL,
): Promise<BookingPageEntry[]> {
  const statement = preparedSql(
    db,
    name,
    () => sql`
    select b.*, ${relatedColumns}${extra ? sql`, ${extra}` : sql``}
    from ${pageOfIds(ids())}
    join ${bookingsTable} b on b.id = page.id
    ${relatedJoins}
    order by page.ord`,
  );
  return rowsOf<Record<string, unknown> & RelatedRow>(await statement.execute(values)).map((raw) => {
    const row = fromDriver(bookingsTable, raw);
    return { row, resource: withRelated(row, raw, opts), raw };
  });
}

/** The resource of a booking and its related row. */
function withRelated(b: BookingRow, related: RelatedRow | undefined, opts: SerializeOptions): BookingResource {
  if (!related?.user) throw new Error(`booking ${b.id}: user missing`);
  const task = related.task;
  return toBookingResource(
    {
      booking: b,
      user: related.user,
      campaign: related.campaign ?? undefined,
      location: related.location ?? undefined,
      task: task ? { ...task, closedAt: task.closedAt === null ? null : new Date(task.closedAt) } : undefined,
      reliability: toReliability(
        related.decided === null
          ? undefined
          : { visits: Number(related.visits), good: Number(related.good), decided: Number(related.decided) },
      ),
      conversationId: related.conversation_id === null ? null : Number(related.conversation_id),
      decidedBy: b.decidedBy === null ? null : { name: related.decider ?? '' },
    },
    opts,
  );
}

/** The columns of BookingCampaignView, for the statements that read it alongside other rows. */
export const bookingCampaignColumns = {
  id: campaigns.id,
  name: campaigns.name,
  categoryId: campaigns.categoryId,
  booking: campaigns.booking,
  brandId: brands.id,
  brandName: brands.name,
  brandLogo: brands.logo,
  brandType: brands.brandType,
};
export const bookingLocationColumns = {
  id: locations.id,
  name: locations.name,
  address: locations.address,
  phone: locations.phone,
  time_zone: locations.timeZone,
};
export const bookingTaskColumns = {
  id: tasks.id,
  completed: tasks.completed,
  posts: tasks.posts,
  closedAt: tasks.closedAt,
};
