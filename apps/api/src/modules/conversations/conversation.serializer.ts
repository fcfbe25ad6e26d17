import type { ConversationEvent } from '@comped/shared/notification-kinds';
import type { ConversationResource, MessageResource } from '@comped/shared/schemas/conversations';
import type { SQL } from 'drizzle-orm';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { DbOrTx } from '../../db/client';
import { brands, conversations, messages, users } from '../../db/schema';

/**
 * A message as the wire carries it (schemas/conversations.ts). The brand side speaks as the brand:
 * a message from its owner (or, with teams, a member) shows the brand's name; the media user's
 * shows their own. The brand's team (and staff reading a report) also learn which of its members
 * wrote it (`member_name`); the media user does not.
 */
const senders = alias(users, 'sender');
const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  kind: messages.kind,
  event: messages.event,
  body: messages.body,
  createdAt: messages.createdAt,
  mediaUserId: conversations.mediaUserId,
  mediaName: users.name,
  brandName: brands.name,
  senderName: senders.name,
};
interface MessageRow {
  id: number;
  conversationId: number;
  senderId: number | null;
  kind: 'text' | 'event';
  event: string | null;
  body: string;
  createdAt: Date;
  mediaUserId: number;
  mediaName: string;
  brandName: string;
  /** The writer's own name (null for an event, or a user since removed). */
  senderName: string | null;
}

/** Who reads the message: the media user, or the brand's side (its team, or staff). */
export type MessageReader = 'media' | 'team';

export function toMessageResource(row: MessageRow, reader: MessageReader): MessageResource {
  const fromMedia = row.senderId === row.mediaUserId;
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender:
      row.senderId === null
        ? null
        : fromMedia || reader === 'media' || row.senderName === null
          ? { id: row.senderId, name: fromMedia ? row.mediaName : row.brandName }
          : { id: row.senderId, name: row.brandName, member_name: row.senderName },
    body: row.body,
    sent_at: row.createdAt.toISOString(),
    kind: row.kind,
    event: row.kind === 'event' ? (row.event as ConversationEvent | null) : null,
  };
}

function messageQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(messageColumns)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(users, eq(users.id, conversations.mediaUserId))
    .innerJoin(brands, eq(brands.id, conversations.brandId))
    .leftJoin(senders, eq(senders.id, messages.senderId))
    .where(where);
}

/** One message as each side reads it (a live event goes to both), and who its media user is. */
export async function messageById(
  db: DbOrTx,
  id: number,
): Promise<{ media: MessageResource; team: MessageResource; mediaUserId: number } | null> {
  const [row] = await messageQuery(db, eq(messages.id, id)).limit(1);
  return row
    ? { media: toMessageResource(row, 'media'), team: toMessageResource(row, 'team'), mediaUserId: row.mediaUserId }
    : null;
}

/** A thread's newest `limit` messages, newest first (what staff read of a reported conversation). */
export async function newestMessages(db: DbOrTx, conversationId: number, limit: number): Promise<MessageResource[]> {
  const rows = await messageQuery(db, eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.map((row) => toMessageResource(row, 'team'));
}

/** One row of the inbox query (list-conversations.ts) as its item. */
export interface ConversationRowWithParts {
  id: number;
  bookingId: number | null;
  bookingDate: string | null;
  bookingTime: string | null;
  campaignName: string | null;
  brandId: number;
  brandName: string;
  brandLogo: string | null;
  mediaUserId: number;
  mediaName: string;
  mediaPicture: string | null;
  closedAt: Date | null;
  lastId: number | null;
  lastBody: string | null;
  lastSenderId: number | null;
  lastSenderName: string | null;
  lastSentAt: Date | null;
  unread: number | null;
}

export function toConversationResource(row: ConversationRowWithParts, reader: MessageReader): ConversationResource {
  const teammate =
    reader === 'team' && row.lastSenderId !== null && row.lastSenderId !== row.mediaUserId ? row.lastSenderName : null;
  return {
    id: row.id,
    booking_id: row.bookingId,
    booking:
      row.bookingId !== null && row.bookingDate !== null && row.bookingTime !== null
        ? { campaign_name: row.campaignName ?? '', booking_date: row.bookingDate, booking_time: row.bookingTime }
        : null,
    brand: { id: row.brandId, name: row.brandName, logo: row.brandLogo },
    media_user: { id: row.mediaUserId, name: row.mediaName, profile_picture: row.mediaPicture },
    last_message:
      row.lastId !== null && row.lastSentAt
        ? {
            id: row.lastId,
            body: row.lastBody ?? '',
            sender_id: row.lastSenderId,
            sent_at: row.lastSentAt.toISOString(),
            ...(teammate ? { member_name: teammate } : {}),
          }
        : null,
    unread: row.unread ?? 0,
    closed: row.closedAt !== null,
  };
}
