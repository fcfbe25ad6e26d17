import { CONVERSATION_RULES } from '@comped/shared/validation/conversations';
import { and, desc, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { conversationReads, conversations, messages, users } from '../../db/schema';
import { queueMail } from '../mail/queue-mail';
import { mailWanted } from '../notifications/notification-preferences';
import { speakerName } from './append-message';
import { unreadMessageMail } from './conversations.mails';

export const UNREAD_MAIL_JOB = 'conversation-unread-mail';
/** Mails per run at most; the next minute's run takes the rest. */
const BATCH = 200;

/** Looks for unread messages to mail every minute, on whichever node takes the job. */
export function registerConversationJobs(ctx: AppContext): void {
  ctx.jobs.every(UNREAD_MAIL_JOB, 60_000, async () => {
    await mailUnreadMessages(ctx);
  });
}

/**
 * Mails each participant whose oldest unread message in a conversation is 10 minutes old, at most
 * once per conversation an hour (decisions.md), unless they turned message mails off. Each row is
 * taken under a lock (`SKIP LOCKED`), so two nodes never mail the same one. Returns how many mails.
 */
export async function mailUnreadMessages(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const r = conversationReads;
  const due = and(
    gt(r.unreadCount, 0),
    lte(r.firstUnreadAt, new Date(now.getTime() - CONVERSATION_RULES.unreadMailAfterMinutes * 60_000)),
    or(
      isNull(r.mailedAt),
      lte(r.mailedAt, new Date(now.getTime() - CONVERSATION_RULES.unreadMailEveryMinutes * 60_000)),
    ),
  );
  const candidates = await ctx.db
    .select({ conversationId: r.conversationId, userId: r.userId })
    .from(r)
    .where(due)
    .orderBy(r.firstUnreadAt)
    .limit(BATCH);
  let sent = 0;
  for (const c of candidates) {
    const mailed = await ctx.db.transaction(async (tx) => {
      const [read] = await tx
        .select()
        .from(r)
        .where(and(eq(r.conversationId, c.conversationId), eq(r.userId, c.userId), due))
        .for('update', { skipLocked: true });
      if (!read) return false;
      await tx
        .update(r)
        .set({ mailedAt: now })
        .where(and(eq(r.conversationId, read.conversationId), eq(r.userId, read.userId)));
      if (!(await mailWanted(tx, read.userId, 'message'))) return false;
      const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, read.conversationId));
      const [recipient] = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, read.userId));
      if (!conversation || !recipient) return false;
      const unread = await tx
        .select({ body: messages.body, senderId: messages.senderId })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversation.id),
            gt(messages.id, read.lastReadMessageId ?? 0),
            eq(messages.kind, 'text'),
            ne(messages.senderId, read.userId),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(5);
      const latest = unread[0];
      if (!latest?.senderId) return false;
      const url = `${ctx.config.publicUrl}/inbox/${conversation.id}`;
      const mail = unreadMessageMail({
        recipientName: recipient.name,
        fromName: await speakerName(tx, conversation, latest.senderId),
        texts: unread.reverse().map((m) => m.body),
        url,
        settingsUrl: `${ctx.config.publicUrl}/settings`,
      });
      await queueMail(tx, { to: recipient.email, ...mail });
      return true;
    });
    if (mailed) sent += 1;
  }
  return sent;
}
