import type { Role } from '@comped/shared/roles';
import type { MessagePage } from '@comped/shared/schemas/conversations';
import { CONVERSATION_RULES } from '@comped/shared/validation/conversations';
import { and, eq, max, ne, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { conversationReads } from '../../db/schema';
import { newestMessages } from './conversation.serializer';
import type { ConversationRow, Side } from './conversations.policy';
import { conversationFor } from './conversations.policy';

/**
 * The newest message of a conversation that the other side has read (the thread's "Seen"): the media
 * user's read state for the brand side, any brand-side member's for the media user.
 */
export async function otherSideReadUpTo(
  db: DbOrTx,
  conversation: Pick<ConversationRow, 'id' | 'mediaUserId'>,
  side: Side,
): Promise<number | null> {
  // Every thread's read: prepared once per connection and side (issue 31).
  const name = `thread_read_up_to:${side}`;
  const query = preparedOn(db, name, (on) => {
    const r = conversationReads;
    const media = sql.placeholder('media');
    return on
      .select({ upTo: max(r.lastReadMessageId) })
      .from(r)
      .where(
        and(
          eq(r.conversationId, sql.placeholder('conversation')),
          side === 'brand' ? eq(r.userId, media) : ne(r.userId, media),
        ),
      )
      .prepare(name);
  });
  const [row] = await query.execute({ conversation: conversation.id, media: conversation.mediaUserId });
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
  const size = CONVERSATION_RULES.messagePage;
  // The page is read beside the access check and dropped when the check fails (a 404 either way).
  // A media user can only be the media side, so their "Seen" is read beside them too; a brand-side
  // user's needs the conversation's media user.
  const mediaSide = user.role !== 'brands';
  const [{ conversation, side }, rows, mediaSeen] = await Promise.all([
    conversationFor(db, user, conversationId),
    newestMessages(db, conversationId, size + 1, before),
    mediaSide ? otherSideReadUpTo(db, { id: conversationId, mediaUserId: user.id }, 'media') : null,
  ]);
  const readUpTo = mediaSide ? mediaSeen : await otherSideReadUpTo(db, conversation, side);
  const page = rows.slice(0, size).reverse();
  return { data: page, meta: { has_more: rows.length > size, read_up_to: readUpTo } };
}
