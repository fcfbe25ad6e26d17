import { SUPPORT_EMAIL } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { passwordChangeSchema, settingsSchema } from '@comped/shared/validation/auth';
import { changesEmail, needsCurrentPassword } from '@comped/shared/validation/auth';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';

import type { AppContext } from '../../context';
import { temporaryPasswords, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { giveBack, takeFromWindow } from '../../plugins/rate-limit';
import { queueMail } from '../mail/queue-mail';
import { emailChangedMail } from './auth.mails';
import { emailTaken, revokeTokens } from './credentials';

/** Wrong current passwords given to PUT profile: 10 per account per 15 minutes (a stolen session cannot guess on). */
export const REAUTH_FAILS_PER_USER = { limit: 10, windowMs: 15 * 60_000 };

/**
 * Re-authentication (decisions.md, Review and lifecycle): changing the password or the e-mail needs
 * the current password (missing: `validation_failed`, wrong: `current_password_wrong`, both 422 on
 * `current_password`), except the forced change right after a temporary or initial password, which
 * was itself proven at sign-in. Answers the account as stored.
 */
async function reauthenticate(
  ctx: AppContext,
  userId: number,
  body: { email?: string; password?: string; current_password?: string | undefined },
) {
  const account = await ctx.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!account) throw appError('current_password_wrong', { field: 'current_password' });
  if (!needsCurrentPassword(body, account)) return account;
  if (!body.current_password)
    throw appError('validation_failed', { field: 'current_password', message: MSG.currentPasswordRequired });
  const now = ctx.clock.now();
  const key = `reauth-fail:user:${userId}`;
  await takeFromWindow(ctx.db, key, REAUTH_FAILS_PER_USER.limit, REAUTH_FAILS_PER_USER.windowMs, now);
  const ok = account.passwordHash ? await verifyPassword(account.passwordHash, body.current_password) : false;
  if (!ok) throw appError('current_password_wrong', { field: 'current_password' });
  await giveBack(ctx.db, key);
  return account;
}

/** Name and e-mail; a new e-mail needs the current password and is told to the old address. */
export async function updateSettings(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof settingsSchema>,
): Promise<void> {
  const account = await reauthenticate(ctx, userId, input);
  if (await emailTaken(ctx.db, input.email, userId))
    throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ name: input.name, email: input.email, updatedAt: now }).where(eq(users.id, userId));
      if (changesEmail(input.email, account.email)) {
        await queueMail(
          tx,
          emailChangedMail({
            to: account.email,
            name: input.name,
            newEmail: input.email,
            publicUrl: ctx.config.publicUrl,
            supportEmail: SUPPORT_EMAIL,
          }),
        );
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
    throw err;
  }
}

/** A new password (the current one first, unless forced): clears the forced change and signs out every other session. */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  currentTokenId: number | null,
  input: z.output<typeof passwordChangeSchema>,
): Promise<void> {
  await reauthenticate(ctx, userId, input);
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .update(temporaryPasswords)
      .set({ usedAt: now })
      .where(and(eq(temporaryPasswords.userId, userId), isNull(temporaryPasswords.usedAt)));
    await revokeTokens(tx, userId, now, currentTokenId);
  });
}
