import { MSG } from '@comped/shared/messages';
import { and, eq, exists } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { brands, campaigns, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { takeFromWindow } from '../../plugins/rate-limit';
import { campaignToday } from '../campaigns/campaign-expiry';
import { visibleToMedia } from '../campaigns/campaign-visibility';
import { queueMail } from '../mail/mail.service';
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
 */
export async function contactBrand(
  ctx: AppContext,
  journalist: ContactingJournalist,
  input: { brand_id: number; message: string },
): Promise<void> {
  const now = ctx.clock.now();
  await takeFromWindow(ctx.db, `contactbrand:user:${journalist.id}`, CONTACT_LIMIT, CONTACT_WINDOW_MS, now);
  const visible = visibleToMedia({ role: 'journalist', tier: journalist.tier }, campaignToday(ctx));
  const [target] = await ctx.db
    .select({ name: brands.name, ownerName: users.name, ownerEmail: users.email })
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
  const mail = contactBrandMail({
    ownerEmail: target.ownerEmail,
    ownerName: target.ownerName,
    brandName: target.name,
    journalistName: journalist.name,
    journalistEmail: journalist.email,
    workplace: me?.workplace ?? null,
    message: input.message,
  });
  await queueMail(ctx.db, mail);
}
