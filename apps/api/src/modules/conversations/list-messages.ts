import type { Role } from '@comped/shared/roles';
import type { MessagePage } from '@comped/shared/schemas/conversations';
import { CONVERSATION_RULES } from '@comped/shared/validation/conversations';
import { and, eq, max, ne } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { conversationReads } from '../../db/schema';
import { newestMessages } from './conversation.serializer';
import type { ConversationRow, Side } from './conversations.policy';
import { conversationFor } from './conversations.policy';

/**
 * The newest message of a conversation that the other side has read (the thread's "Seen"): the media
 * user's read state for the brand side, any brand-side member's for the media user.
 */
export async function otherSideReadUpTo(db: DbOrTx, conversation: ConversationRow, side: Side): Promise<number | null> {
  const r = conversationReads;
  const [row] = await db
    .select({ upTo: max(r.lastReadMessageId) })
    .from(r)
    .where(
      and(
        eq(r.conversationId, conversation.id),
        side === 'brand' ? eq(r.userId, conversation.mediaUserId) : ne(r.userId, conversation.mediaUserId),
      ),
    );
  return row?.upTo ?? null;
}

/**
 * GET conversations/{id}/messages: the newest 30 (or the 30 before `page[before]`), oldest first,
 * read from the (conversation_id, id) index backwards: one more than a page tells whether there is
 * an earlier one.
 */
export async function listMessages(
  db: DbOrTx,
  user: { id: number; role: Role },
  conversationId: number,
  before: number | undefined,
): Promise<MessagePage> {
  const { conversation, side } = await conversationFor(db, user, conversationId);
  const size = CONVERSATION_RULES.messagePage;
  const [rows, readUpTo] = await Promise.all([
    newestMessages(db, conversation.id, size + 1, before),
    otherSideReadUpTo(db, conversation, side),
  ]);
  const page = rows.slice(0, size).reverse();
  return { data: page, meta: { has_more: rows.length > size, read_up_to: readUpTo } };
}
