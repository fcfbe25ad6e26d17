import type { ConversationEvent } from '@comped/shared/notification-kinds';
import { CONVERSATION_EVENT_TEXT } from '@comped/shared/validation/conversations';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema';
import { appendEventMessage } from './append-message';
import type { ConversationRow } from './conversations.policy';

/**
 * Shows a booking's event inline in its conversation (issue 26: requested, accepted, checked in,
 * task due, posts delivered...), inside the transaction of the change that caused it. `detail` is
 * added to the event's line ("Booking accepted · Sat, Jun 6 at 7:00 PM"). The event reaches both
 * sides' open threads live; it is activity (the inbox order), never an unread message or a mail.
 * Phase B of issue 26 calls it from the booking's lifecycle. Returns the message's id.
 */
export async function postConversationEvent(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'live' | 'config' | 'clock'>,
  conversationId: number,
  event: { code: ConversationEvent; detail?: string },
): Promise<number> {
  const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  if (!conversation) throw new Error(`conversation ${conversationId} not found`);
  return postEventIn(tx, ctx, conversation, event);
}

/**
 * postConversationEvent for a conversation the caller already holds (just opened or read), and
 * its brand side when the caller has read it (appendEventMessage).
 */
export async function postEventIn(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'live' | 'config' | 'clock'>,
  conversation: ConversationRow,
  event: { code: ConversationEvent; detail?: string },
  brandSide?: number[],
): Promise<number> {
  const line = CONVERSATION_EVENT_TEXT[event.code];
  const body = event.detail ? `${line} · ${event.detail}` : line;
  return appendEventMessage(tx, ctx, conversation, event.code, body, brandSide);
}
