import { MSG } from '@comped/shared/messages';

import type { AppContext } from '../../context';
import { conversationReports } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { conversationFor } from './conversations.policy';

/**
 * POST conversations/{id}/report {reason}: a participant flags the conversation for staff, once
 * (a second report by the same user is 409 `already_reported`). Staff then read it in the console
 * (GET admin/reports), the only way they read a conversation.
 */
export async function reportConversation(
  ctx: AppContext,
  user: AuthUser,
  conversationId: number,
  reason: string,
): Promise<void> {
  const { conversation } = await conversationFor(ctx.db, user, conversationId);
  const rows = await ctx.db
    .insert(conversationReports)
    .values({ conversationId: conversation.id, reporterId: user.id, reason, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ id: conversationReports.id });
  if (rows.length === 0) throw appError('already_reported', { message: MSG.conversationAlreadyReported });
}
