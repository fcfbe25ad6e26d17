import { MSG } from '@comped/shared/messages';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { mediaApplications, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { hashPassword } from '../../lib/passwords';
import { newTemporaryPassword } from '../../lib/tokens';
import { emailTaken, INITIAL_PASSWORD_TTL_MS, storeTemporaryPassword } from '../auth/credentials';
import { confirmTierCheck } from '../influencers/tier-check';
import { queueMail } from '../mail/queue-mail';
import { applicationApprovedMail } from './admin.mails';
import { toApplicationResource } from './application.serializer';

/**
 * Creates the media account from a pending application, with an initial password valid for a week
 * that must be changed at first sign-in, and e-mails the credentials; all in one transaction.
 */
export async function approveApplication(ctx: AppContext, id: number, tier: number, staffId: number) {
  const now = ctx.clock.now();
  const password = newTemporaryPassword();
  const passwordHash = await hashPassword(password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [app] = await tx.select().from(mediaApplications).where(eq(mediaApplications.id, id)).for('update');
      if (!app) throw appError('not_found');
      if (app.status !== 'pending') throw appError('application_already_reviewed');
      if (app.tierCheck) {
        // A tier check of an existing account (issue 11): set its tier, create nothing.
        await confirmTierCheck(tx, ctx.config, app, tier, now);
        const [checked] = await tx
          .update(mediaApplications)
          .set({ status: 'approved', tier, reviewedBy: staffId, reviewedAt: now })
          .where(eq(mediaApplications.id, id))
          .returning();
        return toApplicationResource(checked!);
      }
      if (await emailTaken(tx, app.email))
        throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
      const [user] = await tx
        .insert(users)
        .values({
          name: app.name,
          email: app.email,
          role: app.type,
          passwordHash: null,
          mustChangePassword: true,
          tier,
          instagram: app.instagram,
          twitter: app.twitter,
          tiktok: app.tiktok,
          workplace: app.type === 'journalist' ? app.workplace : null,
          pressPlaces: [app.press1, app.press2].filter((p): p is string => !!p),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await storeTemporaryPassword(tx, user.id, 'initial', passwordHash, now);
      const [updated] = await tx
        .update(mediaApplications)
        .set({ status: 'approved', tier, userId: user.id, reviewedBy: staffId, reviewedAt: now })
        .where(eq(mediaApplications.id, id))
        .returning();
      await queueMail(
        tx,
        applicationApprovedMail({
          to: app.email,
          name: app.name,
          password,
          validDays: INITIAL_PASSWORD_TTL_MS / 86400_000,
          publicUrl: ctx.config.publicUrl,
        }),
      );
      return toApplicationResource(updated!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
    throw err;
  }
}
