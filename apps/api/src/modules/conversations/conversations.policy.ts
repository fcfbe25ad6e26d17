import type { Role } from '@comped/shared/roles';
import { eq, inArray, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { brands, conversations } from '../../db/schema';
import { appError } from '../../lib/app-error';

/**
 * Who takes part in a conversation (decisions.md, "Conversations"): its media user, and on the
 * brand side "the owner and every member who may see that booking". Today a brand's side is its
 * owner. Brand teams extend the brand side here and nowhere else: `brandSideScope` (which brands'
 * conversations a user may see, read and send in; a host will be limited to the bookings of their
 * locations) and `brandSideRecipientsOf` (who hears of a brand's messages, through
 * `brandSideMembers`, and of its bookings and campaigns: notifications, unread counts, mails) say
 * the same rule from each end.
 */
export interface BrandSideScope {
  /** Brands whose conversations the user stands in on the brand side. */
  brandIds: number[];
}

export async function brandSideScope(db: DbOrTx, userId: number): Promise<BrandSideScope> {
  const rows = await db.select({ id: brands.id }).from(brands).where(eq(brands.ownerId, userId));
  return { brandIds: rows.map((r) => r.id) };
}

/** The users on the brand side of a brand's conversations (a booking's, when teams narrow it by location). */
export async function brandSideMembers(
  db: DbOrTx,
  conversation: { brandId: number; bookingId: number | null },
): Promise<number[]> {
  // Brand teams: a booking's conversation passes its location here (hosts see their locations').
  return brandSideRecipientsOf(db, conversation.brandId, null);
}

/**
 * Who on a brand's side hears of something (issue 26): the notifications of a booking (requested,
 * cancelled, task completed) with its `locationId`, of the brand as a whole (a campaign approved or
 * sent back) with null, and a conversation's brand side (brandSideMembers). Today: the brand's
 * owner. The one place brand teams extend (managers; the location's hosts when `locationId` is set).
 */
export async function brandSideRecipientsOf(
  db: DbOrTx,
  brandId: number,
  // Read once brand teams add hosts per location.
  _locationId: number | null,
): Promise<number[]> {
  const rows = await db.select({ ownerId: brands.ownerId }).from(brands).where(eq(brands.id, brandId));
  return rows.map((r) => r.ownerId);
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
  user: { id: number; role: Role },
  id: number,
): Promise<{ conversation: ConversationRow; side: Side }> {
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  if (conversation) {
    if (conversation.mediaUserId === user.id) return { conversation, side: 'media' };
    if (user.role === 'brands') {
      const scope = await brandSideScope(db, user.id);
      if (scope.brandIds.includes(conversation.brandId)) return { conversation, side: 'brand' };
    }
  }
  throw appError('not_found');
}

/** The SQL condition of the conversations `user` sees in their inbox. */
export async function inboxCondition(db: DbOrTx, user: { id: number; role: Role }) {
  if (user.role !== 'brands') return eq(conversations.mediaUserId, user.id);
  const scope = await brandSideScope(db, user.id);
  // No brand: an empty list, as a condition that matches nothing.
  return scope.brandIds.length > 0 ? inArray(conversations.brandId, scope.brandIds) : sql`false`;
}
