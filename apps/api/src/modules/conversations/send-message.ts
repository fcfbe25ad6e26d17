import { MSG } from '@comped/shared/messages';
import type { MessageResource } from '@comped/shared/schemas/conversations';
import { CONVERSATION_RULES } from '@comped/shared/validation/conversations';

import type { AppContext } from '../../context';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { takeFromWindow } from '../../plugins/rate-limit';
import { appendTextMessage } from './append-message';
import { conversationFor } from './conversations.policy';

/**
 * POST conversations/{id}/messages: a participant's message (the body is trimmed and checked by the
 * shared schema). Each user may send 30 a minute, counted on every node together (the database's
 * rate-limit counters); a conversation staff closed takes none (409).
 */
export async function sendMessage(
  ctx: AppContext,
  user: AuthUser,
  conversationId: number,
  body: string,
): Promise<MessageResource> {
  await takeFromWindow(
    ctx.db,
    `message:user:${user.id}`,
    CONVERSATION_RULES.sendLimit,
    CONVERSATION_RULES.sendWindowMs,
    ctx.clock.now(),
  );
  // The answer is the message as written (appendTextMessage builds it; nothing is read back).
  return ctx.db.transaction(async (tx) => {
    const { conversation } = await conversationFor(tx, user, conversationId);
    if (conversation.closedAt) throw appError('conversation_closed', { message: MSG.conversationClosed });
    return appendTextMessage(tx, ctx, conversation, user, body);
  });
}
