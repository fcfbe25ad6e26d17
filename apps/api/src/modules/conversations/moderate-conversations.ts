import type { PageMeta } from '@comped/shared/paging';
import type { ConversationReport } from '@comped/shared/schemas/conversations';
import { CONVERSATION_RULES } from '@comped/shared/validation/conversations';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { conversationReports, conversations, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { pageMeta, pageOffset } from '../../lib/paging';
import { newestMessages } from './conversation.serializer';
import { conversationResource } from './list-conversations';

/**
 * GET admin/reports?filter[status]=open|closed: reports of conversations still open (or already
 * closed by staff), newest first, each with the conversation and its newest 30 messages.
 */
export async function listReports(
  ctx: AppContext,
  status: 'open' | 'closed',
  page: { number: number; size: number },
): Promise<{ data: ConversationReport[]; meta: PageMeta }> {
  const where = status === 'open' ? isNull(conversations.closedAt) : isNotNull(conversations.closedAt);
  const base = ctx.db
    .select({
      id: conversationReports.id,
      conversationId: conversationReports.conversationId,
      reason: conversationReports.reason,
      createdAt: conversationReports.createdAt,
      reporterId: users.id,
      reporterName: users.name,
    })
    .from(conversationReports)
    .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
    .innerJoin(users, eq(users.id, conversationReports.reporterId))
    .where(where);
  const [rows, [total]] = await Promise.all([
    base.orderBy(desc(conversationReports.id)).limit(page.size).offset(pageOffset(page.number, page.size)),
    ctx.db
      .select({ n: count() })
      .from(conversationReports)
      .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
      .where(where),
  ]);
  const data: ConversationReport[] = [];
  for (const row of rows) {
    // Staff read without being a participant: no unread count is theirs.
    const { unread: _unread, ...conversation } = await conversationResource(
      ctx.db,
      { id: 0, role: 'staff' },
      row.conversationId,
    );
    const messages = await newestMessages(ctx.db, row.conversationId, CONVERSATION_RULES.messagePage);
    data.push({
      id: row.id,
      conversation,
      reason: row.reason,
      reporter: { id: row.reporterId, name: row.reporterName },
      created_at: row.createdAt.toISOString(),
      messages: messages.reverse(),
    });
  }
  return { data, meta: pageMeta(page.number, page.size, total?.n ?? 0) };
}

/**
 * POST admin/conversations/{id}/close: staff close a conversation; it stays readable to its
 * participants and takes no new messages. Closing a closed one changes nothing.
 */
export async function closeConversation(ctx: AppContext, staffId: number, conversationId: number): Promise<void> {
  const [found] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (!found) throw appError('not_found');
  await ctx.db
    .update(conversations)
    .set({ closedAt: ctx.clock.now(), closedBy: staffId })
    .where(and(eq(conversations.id, conversationId), isNull(conversations.closedAt)));
}
