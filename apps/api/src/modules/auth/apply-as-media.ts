import { MSG } from '@comped/shared/messages';
import type { mediaApplicationSchema } from '@comped/shared/validation/auth';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { AppContext } from '../../context';
import { mediaApplications } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { recordEvent } from '../analytics/record-event';
import { queueMail } from '../mail/queue-mail';
import { applicationReceivedMail } from './auth.mails';
import { emailTaken } from './credentials';

export async function applyAsMedia(
  ctx: AppContext,
  input: z.output<typeof mediaApplicationSchema>,
): Promise<{ id: number; status: 'pending' }> {
  const now = ctx.clock.now();
  if (await emailTaken(ctx.db, input.email))
    throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
  const [pending] = await ctx.db
    .select({ id: mediaApplications.id })
    .from(mediaApplications)
    .where(and(eq(mediaApplications.email, input.email), eq(mediaApplications.status, 'pending')))
    .limit(1);
  if (pending) throw appError('validation_failed', { field: 'email', message: MSG.applicationPending });
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mediaApplications)
        .values({
          name: input.name,
          email: input.email,
          type: input.type,
          instagram: input.instagram,
          twitter: input.twitter || null,
          tiktok: input.tiktok || null,
          workplace: input.workplace || null,
          press1: input.press1 || null,
          press2: input.press2 || null,
          status: 'pending',
          createdAt: now,
        })
        .returning({ id: mediaApplications.id });
      if (!row) throw new Error('application insert returned nothing');
      await recordEvent(tx, 'influencer_sign_up', null, now, { application_id: row.id, type: input.type });
      await queueMail(tx, applicationReceivedMail({ to: input.email, name: input.name }));
      return { id: row.id, status: 'pending' as const };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw appError('validation_failed', { field: 'email', message: MSG.applicationPending });
    throw err;
  }
}
