import type { ConversationEvent } from '@comped/shared/notification-kinds';
import type { MessageResource } from '@comped/shared/schemas/conversations';
import type { SQL } from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { arrayParam, preparedSql } from '../../db/prepared';
import { brands, conversationReads, conversations, messages, users } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { publishSql } from '../../lib/live-bus';
import { notificationText } from '../notifications/notification-texts';
import { notify } from '../notifications/notify';
import type { ConversationRow } from './conversations.policy';
import { participantsOf } from './conversations.policy';

type Ctx = Pick<AppContext, 'live' | 'config' | 'clock'>;

/**
 * Adds a message to a conversation inside the caller's transaction: the row, the conversation's last
 * activity (the inbox order) and the live event to every participant's streams, sent on commit.
 */
async function insertMessage(
  tx: DbOrTx,
  ctx: Ctx,
  conversation: ConversationRow,
  message: { senderId: number | null; kind: 'text' | 'event'; event: ConversationEvent | null; body: string },
  brandSide?: number[],
): Promise<{ id: number; createdAt: Date; participants: number[] }> {
  const now = ctx.clock.now();
  const participants = brandSide
    ? [conversation.mediaUserId, ...brandSide.filter((id) => id !== conversation.mediaUserId)]
    : await participantsOf(tx, conversation);
  // One statement (issue 31), built once per connection (db/prepared.ts): the row, the
  // conversation's activity and the live signal (publish's `{t: 'm', u, id, c}`). Two messages
  // committing at once: the later id and time win, whichever transaction ends last.
  const statement = preparedSql(tx, 'insert_message', () => {
    const insert = tx
      .insert(messages)
      .values({
        conversationId: sql.placeholder('conversationId'),
        senderId: sql.placeholder('senderId'),
        kind: sql.placeholder('kind'),
        event: sql.placeholder('event'),
        body: sql.placeholder('body'),
        createdAt: sql.placeholder('now'),
      })
      .returning({ id: messages.id });
    const signal = sql`json_build_object('t', 'm', 'u', ${sql.placeholder('participants')}::json, 'id', msg.id, 'c', ${sql.placeholder('conversationId')}::int)`;
    return sql`with msg as ${insert},
      activity as (update ${conversations} set
          last_message_id = greatest(coalesce(${conversations.lastMessageId}, 0), msg.id),
          last_message_at = greatest(${conversations.lastMessageAt}, ${sql.placeholder('nowText')}::timestamptz)
        from msg where ${conversations.id} = ${sql.placeholder('conversationId')})
      select msg.id, ${publishSql(signal)} as signalled from msg`;
  });
  const result = await statement.execute({
    conversationId: conversation.id,
    ...message,
    now,
    // Placeholders outside a column's value have no encoder: the instant and the ids as text.
    nowText: now.toISOString(),
    participants: JSON.stringify(participants),
  });
  const row = rowsOf<{ id: number | string }>(result)[0];
  if (!row) throw new Error('message insert returned nothing');
  return { id: Number(row.id), createdAt: now, participants };
}

/**
 * A person's message: the other side's unread counts go up (and with them the mail after 10 minutes)
 * and each of them gets a `message` notification (one per conversation while unread); the sender has read
 * everything up to it. `mailedNow`: the recipients were just mailed this message another way
 * (Contact Brand's own mail), which counts as this hour's unread-message mail. `sender.name`, when
 * given, is the signed-in user's name as the request read it (the media user speaks under it; a
 * member of the brand's team reads it back as `member_name`). Returns the message as the sender
 * reads it, made from what was written.
 */
export async function appendTextMessage(
  tx: DbOrTx,
  ctx: Ctx,
  conversation: ConversationRow,
  sender: { id: number; name?: string },
  body: string,
  opts: { mailedNow?: boolean } = {},
): Promise<MessageResource> {
  const now = ctx.clock.now();
  const { id, createdAt, participants } = await insertMessage(tx, ctx, conversation, {
    senderId: sender.id,
    kind: 'text',
    event: null,
    body,
  });
  // The conversation is between the media user and the brand: a message from the brand's side is
  // the media user's to read, not the sender's teammates' (they see it in the thread, live, and
  // it neither counts unread for them nor notifies or mails them).
  const recipients =
    sender.id === conversation.mediaUserId
      ? participants.filter((p) => p !== sender.id)
      : participants.filter((p) => p === conversation.mediaUserId);
  // One statement, prepared once per connection (issue 31): the others' unread counts go up (the
  // mail timer starts, or stops when `mailedNow`), and the sender has read up to the message.
  const reads = preparedSql(tx, 'message_reads', () => {
    const r = conversationReads;
    return sql`with unread as (
        insert into ${r} (conversation_id, user_id, unread_count, first_unread_at, mailed_at)
        select ${sql.placeholder('conversationId')}::int, u, 1, ${sql.placeholder('nowText')}::timestamptz,
          ${sql.placeholder('mailedAt')}::timestamptz
        from unnest(${sql.placeholder('recipients')}::int[]) u
        on conflict (conversation_id, user_id) do update set
          unread_count = ${r.unreadCount} + 1,
          first_unread_at = coalesce(${r.firstUnreadAt}, excluded.first_unread_at),
          mailed_at = coalesce(excluded.mailed_at, ${r.mailedAt}))
      ${readUpToSql()}`;
  });
  await reads.execute({
    ...readUpToValues(conversation.id, sender.id, id, participants, now),
    recipients: arrayParam(recipients),
    mailedAt: opts.mailedNow ? now.toISOString() : null,
  });
  const fromName =
    sender.id === conversation.mediaUserId && sender.name !== undefined
      ? sender.name
      : await speakerName(tx, conversation, sender.id);
  for (const userId of recipients) {
    await notify(tx, ctx, {
      userId,
      ...notificationText.message({ fromName, text: body, conversationId: conversation.id }),
      groupKey: conversationGroupKey(conversation.id),
    });
  }
  return {
    id,
    conversation_id: conversation.id,
    sender:
      sender.id === conversation.mediaUserId || sender.name === undefined
        ? { id: sender.id, name: fromName }
        : { id: sender.id, name: fromName, member_name: sender.name },
    body,
    sent_at: createdAt.toISOString(),
    kind: 'text',
    event: null,
  };
}

/**
 * A booking's event shown inline (no sender): it counts as activity, not as an unread message.
 * `brandSide`: the conversation's brand side (brandSideMembers), when the caller has read it.
 */
export async function appendEventMessage(
  tx: DbOrTx,
  ctx: Ctx,
  conversation: ConversationRow,
  event: ConversationEvent,
  body: string,
  brandSide?: number[],
): Promise<number> {
  const { id } = await insertMessage(tx, ctx, conversation, { senderId: null, kind: 'event', event, body }, brandSide);
  return id;
}

/** The group of a conversation's `message` notifications: one unread per conversation at a time. */
export function conversationGroupKey(conversationId: number): string {
  return `conversation:${conversationId}`;
}

/** The name a participant speaks under: the media user's own, the brand's for its side (ADR 018). */
export async function speakerName(tx: DbOrTx, conversation: ConversationRow, userId: number): Promise<string> {
  if (userId === conversation.mediaUserId) {
    const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
    return u?.name ?? '';
  }
  const [b] = await tx.select({ name: brands.name }).from(brands).where(eq(brands.id, conversation.brandId)).limit(1);
  return b?.name ?? '';
}

/**
 * `userId` has read the conversation up to message `upTo` (never back): their unread count is
 * zero and the mail timer stops; the other participants' threads learn it live ("Seen").
 */
export async function markReadUpTo(
  tx: DbOrTx,
  ctx: Ctx,
  conversation: ConversationRow,
  userId: number,
  upTo: number,
  participants: number[],
): Promise<void> {
  await preparedSql(tx, 'mark_read_up_to', readUpToSql).execute(
    readUpToValues(conversation.id, userId, upTo, participants, ctx.clock.now()),
  );
}

/**
 * markReadUpTo's statement, with placeholders (readUpToValues), and the live signal (publish's
 * `{t: 'r', u, c, by, m}`) from the same statement. Placeholders outside a column's value have no
 * encoder: the instant and the participants travel as text.
 */
function readUpToSql(): SQL {
  const r = conversationReads;
  const signal = sql`json_build_object('t', 'r', 'u', ${sql.placeholder('participants')}::json,
    'c', ${sql.placeholder('conversationId')}::int, 'by', ${sql.placeholder('reader')}::int, 'm', ${sql.placeholder('upTo')}::int)`;
  return sql`insert into ${r} (conversation_id, user_id, last_read_message_id, last_read_at, unread_count)
    values (${sql.placeholder('conversationId')}::int, ${sql.placeholder('reader')}::int, ${sql.placeholder('upTo')}::int,
      ${sql.placeholder('nowText')}::timestamptz, 0)
    on conflict (conversation_id, user_id) do update set
      last_read_message_id = greatest(coalesce(${r.lastReadMessageId}, 0), excluded.last_read_message_id),
      last_read_at = excluded.last_read_at, unread_count = 0, first_unread_at = null
    returning ${publishSql(signal)} as signalled`;
}

function readUpToValues(conversationId: number, reader: number, upTo: number, participants: number[], now: Date) {
  return { conversationId, reader, upTo, nowText: now.toISOString(), participants: JSON.stringify(participants) };
}
