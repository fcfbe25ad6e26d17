import type { SQL } from 'drizzle-orm';
import { and, eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { bookings, conversations } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { brandMembersFor, membershipOf } from '../brands/brands.policy';

/**
 * Who takes part in a conversation (decisions.md, "Conversations"): its media user, and on the
 * brand side "the owner and every member who may see that booking": the owner, the managers and the
 * hosts of the booking's location. The brand side is said here and nowhere else: `brandSideScope`
 * (which brands' conversations a user may see, read and send in; a host only those of the bookings
 * of their locations) and `brandSideRecipientsOf` (who hears of a brand's messages, through
 * `brandSideMembers`, and of its bookings and campaigns: notifications, unread counts, mails) say
 * the same rule from each end.
 */
export interface BrandSideScope {
  /** Brands whose conversations the user stands in on the brand side. */
  brandIds: number[];
  /** A host's locations: only the conversations of bookings there (null: every one of the brand). */
  locationIds: number[] | null;
}

/** A brand-side user's brand and locations (the request's user: as the token's statement read it). */
export async function brandSideScope(db: DbOrTx, user: number | AuthUser): Promise<BrandSideScope> {
  const membership = await membershipOf(db, user);
  if (!membership) return { brandIds: [], locationIds: null };
  return { brandIds: [membership.brand.id], locationIds: membership.locationIds };
}

/** The location of a conversation's booking (null when it has none). */
async function locationOfBooking(db: DbOrTx, bookingId: number | null): Promise<number | null> {
  if (bookingId === null) return null;
  const [row] = await db
    .select({ locationId: bookings.locationId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row?.locationId ?? null;
}

/** The users on the brand side of a brand's conversations (a booking's, when teams narrow it by location). */
export async function brandSideMembers(
  db: DbOrTx,
  conversation: { brandId: number; bookingId: number | null },
): Promise<number[]> {
  // The owner, the managers and the hosts of the booking's location (brand teams).
  return brandMembersFor(db, conversation.brandId, { ofBooking: conversation.bookingId });
}

/**
 * Who on a brand's side hears of something (issue 26): the notifications of a booking (requested,
 * cancelled, task completed) with its `locationId`, of the brand as a whole (a campaign approved or
 * sent back) with null, and a conversation's brand side (brandSideMembers): the owner, the managers,
 * and, when `locationId` is set, that location's hosts (brand teams).
 */
export async function brandSideRecipientsOf(db: DbOrTx, brandId: number, locationId: number | null): Promise<number[]> {
  return brandMembersFor(db, brandId, locationId);
}

export type ConversationRow = typeof conversations.$inferSelect;

/** Which side of a conversation a caller stands on. */
export type Side = 'media' | 'brand';

/** Every participant: the media user first, then the brand side. */
export async function participantsOf(db: DbOrTx, conversation: ConversationRow): Promise<number[]> {
  const brandSide = await brandSideMembers(db, conversation);
  return [conversation.mediaUserId, ...brandSide.filter((id) => id !== conversation.mediaUserId)];
}

/**
 * The conversation `id` as `user` may see it, and their side; anyone else (another media user, another
 * brand, staff) gets 404, as if it did not exist (decisions.md).
 */
export async function conversationFor(
  db: DbOrTx,
  user: AuthUser,
  id: number,
): Promise<{ conversation: ConversationRow; side: Side }> {
  // Every thread read and message asks first: prepared once per connection (issue 31).
  const [conversation] = await preparedOn(db, 'conversation_by_id', (on) =>
    on
      .select()
      .from(conversations)
      .where(eq(conversations.id, sql.placeholder('id')))
      .limit(1)
      .prepare('conversation_by_id'),
  ).execute({ id });
  if (!conversation) throw appError('not_found');
  return { conversation, side: await sideOf(db, user, conversation) };
}

/** The side `user` stands on in `conversation`; anyone else gets 404 (conversationFor). */
export async function sideOf(
  db: DbOrTx,
  user: AuthUser,
  conversation: Pick<ConversationRow, 'mediaUserId' | 'brandId' | 'bookingId'>,
): Promise<Side> {
  if (conversation.mediaUserId === user.id) return 'media';
  if (user.role === 'brands') {
    const scope = await brandSideScope(db, user);
    if (
      scope.brandIds.includes(conversation.brandId) &&
      (scope.locationIds === null ||
        scope.locationIds.includes((await locationOfBooking(db, conversation.bookingId)) ?? 0))
    ) {
      return 'brand';
    }
  }
  throw appError('not_found');
}

/** Whose inbox a user reads: a media user's, a brand's (a host's: of their locations), or none. */
export interface InboxScope {
  side: 'media' | 'brand';
  brandId?: number;
  locationIds: number[] | null;
}

/** The scope of `user`'s inbox; null for a brand-side user without a brand (an empty inbox). */
export async function inboxScope(db: DbOrTx, user: AuthUser): Promise<InboxScope | null> {
  if (user.role !== 'brands') return { side: 'media', locationIds: null };
  const scope = await brandSideScope(db, user);
  const brandId = scope.brandIds[0];
  if (brandId === undefined) return null;
  return { side: 'brand', brandId, locationIds: scope.locationIds };
}

/**
 * The SQL condition of the conversations a scope sees in its inbox, with placeholders (`user`,
 * `brand`, `locations`: an array parameter, see arrayParam), for statements prepared per shape.
 */
export function inboxConditionSql(scope: InboxScope): SQL | undefined {
  if (scope.side === 'media') return eq(conversations.mediaUserId, sql.placeholder('user'));
  return and(
    eq(conversations.brandId, sql.placeholder('brand')),
    // A host: the conversations of the bookings at their locations.
    scope.locationIds
      ? sql`${conversations.bookingId} in (select ${bookings.id} from ${bookings}
          where ${bookings.locationId} = any(${sql.placeholder('locations')}::int[]))`
      : undefined,
  );
}
