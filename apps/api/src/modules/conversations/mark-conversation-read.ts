import type { AppContext } from '../../context';
import type { AuthUser } from '../../plugins/auth';
import { markGroupRead } from '../notifications/mark-notifications-read';
import { conversationGroupKey, markReadUpTo } from './append-message';
import { conversationFor, participantsOf } from './conversations.policy';

/**
 * POST conversations/{id}/read: the caller has read everything so far; their `message` notification
 * of this conversation is read with it.
 */
export async function markConversationRead(ctx: AppContext, user: AuthUser, conversationId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { conversation } = await conversationFor(tx, user, conversationId);
    await markGroupRead(tx, user.id, conversationGroupKey(conversation.id), ctx.clock.now());
    if (conversation.lastMessageId === null) return;
    await markReadUpTo(
      tx,
      ctx,
      conversation,
      user.id,
      conversation.lastMessageId,
      await participantsOf(tx, conversation),
    );
  });
}
