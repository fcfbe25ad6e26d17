import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { conversations } from '../../db/schema';
import type { ConversationRow } from './conversations.policy';

/**
 * The conversation of a booking, opened with the request (decisions.md): call it in the
 * transaction that creates the booking. Idempotent: a second call returns the same conversation.
 * The booking's request calls it (issue 26, phase B); later changes find it here.
 */
export async function openBookingConversation(
  tx: DbOrTx,
  booking: { id: number; brandId: number; userId: number },
): Promise<ConversationRow> {
  // Every booking request opens one: built once per connection (db/prepared.ts).
  const insert = preparedOn(tx, 'open_booking_conversation', (on) =>
    on
      .insert(conversations)
      .values({
        bookingId: sql.placeholder('bookingId'),
        brandId: sql.placeholder('brandId'),
        mediaUserId: sql.placeholder('mediaUserId'),
      })
      .onConflictDoNothing({ target: conversations.bookingId })
      .returning()
      .prepare('open_booking_conversation'),
  );
  const [opened] = await insert.execute({
    bookingId: booking.id,
    brandId: booking.brandId,
    mediaUserId: booking.userId,
  });
  if (opened) return opened;
  const [row] = await tx.select().from(conversations).where(eq(conversations.bookingId, booking.id)).limit(1);
  if (!row) throw new Error(`conversation of booking ${booking.id} not opened`);
  return row;
}

/** The Contact Brand conversation of a journalist and a brand (one per pair, no booking), opened or continued. */
export async function openContactConversation(
  tx: DbOrTx,
  pair: { brandId: number; mediaUserId: number },
): Promise<ConversationRow> {
  const contact = and(
    eq(conversations.brandId, pair.brandId),
    eq(conversations.mediaUserId, pair.mediaUserId),
    isNull(conversations.bookingId),
  );
  await tx
    .insert(conversations)
    .values({ bookingId: null, brandId: pair.brandId, mediaUserId: pair.mediaUserId })
    .onConflictDoNothing({
      target: [conversations.brandId, conversations.mediaUserId],
      where: sql`booking_id is null`,
    });
  const [row] = await tx.select().from(conversations).where(contact).limit(1);
  if (!row) throw new Error('contact conversation not opened');
  return row;
}

/**
 * `conversation_id` of each booking that has one (booking answers carry it, decisions.md): one
 * query for a page of bookings. Phase B's booking serializer reads it.
 */
export async function conversationIdsOfBookings(db: DbOrTx, bookingIds: number[]): Promise<Map<number, number>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ id: conversations.id, bookingId: conversations.bookingId })
    .from(conversations)
    .where(inArray(conversations.bookingId, bookingIds));
  return new Map(rows.map((r) => [r.bookingId!, r.id]));
}
