import type { ConversationList, ConversationResource } from '@comped/shared/schemas/conversations';
import type { Placeholder, SQL } from 'drizzle-orm';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { DbOrTx } from '../../db/client';
import { arrayParam, preparedOn, preparedSql } from '../../db/prepared';
import { bookings, brands, campaigns, conversationReads, conversations, messages, users } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { pageMeta } from '../../lib/paging';
import type { AuthUser } from '../../plugins/auth';
import type { MessageReader } from './conversation.serializer';
import { toConversationResource } from './conversation.serializer';
import { inboxConditionSql, inboxScope } from './conversations.policy';

/** Who wrote a conversation's last message (the brand's team reads which member). */
const lastSenders = alias(users, 'last_sender');

/**
 * The inbox's rows: each conversation with its two sides, what its booking is (campaign, day and
 * time), its last message and the caller's unread count.
 */
function inboxRows(db: DbOrTx, userId: number | Placeholder, where: SQL | undefined, reader: MessageReader) {
  const rows = db
    .select({
      id: conversations.id,
      bookingId: conversations.bookingId,
      bookingDate: bookings.bookingDate,
      bookingTime: bookings.bookingTime,
      campaignName: campaigns.name,
      brandId: conversations.brandId,
      brandName: brands.name,
      brandLogo: brands.logo,
      mediaUserId: conversations.mediaUserId,
      mediaName: users.name,
      mediaPicture: users.profilePicture,
      closedAt: conversations.closedAt,
      lastId: messages.id,
      lastBody: messages.body,
      lastSenderId: messages.senderId,
      // Only the team's rows name the member who wrote (a media user's statement skips the join).
      lastSenderName: reader === 'team' ? lastSenders.name : sql<string | null>`null`,
      lastSentAt: messages.createdAt,
      unread: conversationReads.unreadCount,
    })
    .from(conversations)
    .innerJoin(brands, eq(brands.id, conversations.brandId))
    .innerJoin(users, eq(users.id, conversations.mediaUserId))
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
    .leftJoin(bookings, eq(bookings.id, conversations.bookingId))
    .leftJoin(campaigns, eq(campaigns.id, bookings.campaignId))
    .leftJoin(
      conversationReads,
      and(eq(conversationReads.conversationId, conversations.id), eq(conversationReads.userId, userId)),
    )
    .$dynamic();
  return (reader === 'team' ? rows.leftJoin(lastSenders, eq(lastSenders.id, messages.senderId)) : rows).where(where);
}

/**
 * GET conversations: the caller's, newest activity first, paged. With `page[cursor]` (the last id of
 * the page before) the page is sought in the side's inbox index by (last activity, id) instead of
 * skipped to, so a deep page costs what the first does. `meta.unread_total` sums the caller's unread
 * counts, kept per participant as messages arrive (conversation_reads), never counted from messages.
 */
export async function listConversations(
  db: DbOrTx,
  user: AuthUser,
  page: { number: number; size: number; cursor?: number },
): Promise<ConversationList> {
  const scope = await inboxScope(db, user);
  // No brand: an empty list.
  if (scope === null) return { data: [], meta: { ...pageMeta(page.number, page.size, 0), unread_total: 0 } };
  const values = {
    user: user.id,
    brand: scope.brandId,
    locations: scope.locationIds ? arrayParam([0, ...scope.locationIds]) : undefined,
    cursor: page.cursor,
    limit: page.size,
    offset: page.cursor ? 0 : (page.number - 1) * page.size,
  };
  // One shape per side (a media user, a brand's owner or manager, a host) and cursor, each prepared
  // once per connection with its values as placeholders (issue 31).
  const shape = `${scope.side}${scope.locationIds ? ':host' : ''}`;
  const visible = () => inboxConditionSql(scope);
  const pageName = `inbox_page:${shape}${page.cursor ? ':cursor' : ''}`;
  const pageQuery = preparedOn(db, pageName, (on) =>
    inboxRows(
      on,
      sql.placeholder('user'),
      and(
        visible(),
        page.cursor
          ? sql`(${conversations.lastMessageAt}, ${conversations.id}) < (select c2.last_message_at, c2.id from conversations c2 where c2.id = ${sql.placeholder('cursor')})`
          : undefined,
      ),
      readerOf(user),
    )
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(pageName),
  );
  const countsStatement = preparedSql(db, `inbox_counts:${shape}`, () => {
    const where = visible();
    return sql`select (select count(*) from ${conversations} where ${where})::int as n,
          (select coalesce(sum(${conversationReads.unreadCount}), 0) from ${conversationReads}
            inner join ${conversations} on ${conversations.id} = ${conversationReads.conversationId}
            where ${conversationReads.userId} = ${sql.placeholder('user')} and ${conversationReads.unreadCount} > 0 and ${where})::int as unread`;
  });
  // The total and the unread sum in one statement, beside the page.
  const [rows, [counts]] = await Promise.all([
    pageQuery.execute(values),
    countsStatement.execute(values).then((r) => rowsOf<{ n: number; unread: number }>(r)),
  ]);
  return {
    data: rows.map((row) => toConversationResource(row, readerOf(user))),
    meta: { ...pageMeta(page.number, page.size, Number(counts?.n ?? 0)), unread_total: Number(counts?.unread ?? 0) },
  };
}

/** One conversation as the inbox shows it (the thread's header); the caller's access is checked before. */
export async function conversationResource(
  db: DbOrTx,
  user: Pick<AuthUser, 'id' | 'role'>,
  id: number,
): Promise<ConversationResource> {
  const [row] = await inboxRows(db, user.id, eq(conversations.id, id), readerOf(user)).limit(1);
  if (!row) throw new Error(`conversation ${id} vanished`);
  return toConversationResource(row, readerOf(user));
}

/** The side a user reads a conversation from: the brand's team (and staff) learn which member wrote. */
function readerOf(user: Pick<AuthUser, 'role'>): MessageReader {
  return user.role === 'brands' || user.role === 'staff' ? 'team' : 'media';
}
