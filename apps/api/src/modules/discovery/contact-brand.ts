import { MSG } from '@comped/shared/messages';
import { and, eq, exists } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { brands, campaigns, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { takeFromWindow } from '../../plugins/rate-limit';
import { campaignToday } from '../campaigns/campaign-expiry';
import { visibleToMedia } from '../campaigns/campaign-visibility';
import { appendTextMessage } from '../conversations/append-message';
import { openContactConversation } from '../conversations/open-conversation';
import { queueMail } from '../mail/queue-mail';
import { contactBrandMail } from './contact-brand.mails';

/** Journalists may message brands 5 times per hour (decisions.md, rate limits). */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MS = 3600_000;

export interface ContactingJournalist {
  id: number;
  name: string;
  email: string;
  tier: number | null;
}

/**
 * POST influencers/{id}/contactbrand: a journalist may message only a brand with a campaign they
 * can see (the one rule of campaign-visibility.ts). Any other brand, like one that does not exist,
 * answers 404, so the route cannot be used to find brands or to mail their owners unasked
 * (issue 11). The try is taken first, in one statement (`takeFromWindow`), so probing brand ids
 * spends the same hourly allowance as messages.
 *
 * The message opens, or continues, the journalist's conversation with the brand (issue 26) and is
 * still mailed to the owner with reply-to the journalist (decisions.md, Delivery); that mail counts
 * as the hour's unread-message mail. A conversation staff closed takes no more (409). Answers the
 * conversation's id.
 */
export async function contactBrand(
  ctx: AppContext,
  journalist: ContactingJournalist,
  input: { brand_id: number; message: string },
): Promise<{ conversationId: number }> {
  const now = ctx.clock.now();
  await takeFromWindow(ctx.db, `contactbrand:user:${journalist.id}`, CONTACT_LIMIT, CONTACT_WINDOW_MS, now);
  const visible = visibleToMedia({ role: 'journalist', tier: journalist.tier }, campaignToday(ctx));
  const [target] = await ctx.db
    .select({ id: brands.id, name: brands.name, ownerName: users.name, ownerEmail: users.email })
    .from(brands)
    .innerJoin(users, eq(users.id, brands.ownerId))
    .where(
      and(
        eq(brands.id, input.brand_id),
        exists(
          ctx.db
            .select({ id: campaigns.id })
            .from(campaigns)
            .where(and(eq(campaigns.brandId, brands.id), visible)),
        ),
      ),
    )
    .limit(1);
  if (!target) throw appError('not_found', { message: MSG.brandNotFound });
  const [me] = await ctx.db
    .select({ workplace: users.workplace })
    .from(users)
    .where(eq(users.id, journalist.id))
    .limit(1);
  return ctx.db.transaction(async (tx) => {
    const conversation = await openContactConversation(tx, { brandId: target.id, mediaUserId: journalist.id });
    if (conversation.closedAt) throw appError('conversation_closed', { message: MSG.conversationClosed });
    await appendTextMessage(tx, ctx, conversation, journalist, input.message, { mailedNow: true });
    const mail = contactBrandMail({
      ownerEmail: target.ownerEmail,
      ownerName: target.ownerName,
      brandName: target.name,
      journalistName: journalist.name,
      journalistEmail: journalist.email,
      workplace: me?.workplace ?? null,
      message: input.message,
      inboxUrl: `${ctx.config.publicUrl}/inbox/${conversation.id}`,
    });
    await queueMail(tx, mail);
    return { conversationId: conversation.id };
  });
}
