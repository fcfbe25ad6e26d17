import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { enqueue } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { newTemporaryPassword } from '../../lib/tokens';
import { takeFromWindow } from '../../plugins/rate-limit';
import { queueMail } from '../mail/queue-mail';
import { passwordResetMail } from './auth.mails';
import {
  perAddressLimitsOn,
  RESET_MAILS_PER_EMAIL,
  RESET_PASSWORD_TTL_MS,
  RESETS_PER_ADDRESS,
  RESETS_PER_PAIR,
  storeTemporaryPassword,
} from './credentials';

export const PASSWORD_RESET_JOB = 'auth:password-reset';

/**
 * POST resetpassword: the limits, then a job, and nothing else, whether or not the e-mail has an
 * account: the answer takes the same time either way (looking the account up, hashing and mailing
 * happen in the job), so its timing tells nothing about who has an account.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  const now = ctx.clock.now();
  await takeFromWindow(ctx.db, `reset:pair:${email}:${ip}`, RESETS_PER_PAIR.limit, RESETS_PER_PAIR.windowMs, now);
  if (perAddressLimitsOn(ctx)) {
    await takeFromWindow(ctx.db, `reset:ip:${ip}`, RESETS_PER_ADDRESS.limit, RESETS_PER_ADDRESS.windowMs, now);
  }
  await enqueue(ctx.db, PASSWORD_RESET_JOB, { email }, { maxAttempts: 3 });
}

/**
 * The job of a reset request: for an account with that e-mail, a temporary password, stored hashed
 * and mailed, within the e-mail's cap of mails (beyond it, nothing is sent).
 */
export async function sendPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const now = ctx.clock.now();
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) return;
  try {
    const { limit, windowMs } = RESET_MAILS_PER_EMAIL;
    await takeFromWindow(ctx.db, `reset-mail:email:${email}`, limit, windowMs, now);
  } catch (err) {
    if (err instanceof AppError && err.code === 'too_many_requests') return;
    throw err;
  }
  const password = newTemporaryPassword();
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await storeTemporaryPassword(tx, user.id, 'reset', passwordHash, now);
    await queueMail(
      tx,
      passwordResetMail({
        to: user.email,
        name: user.name,
        password,
        validMinutes: RESET_PASSWORD_TTL_MS / 60_000,
        publicUrl: ctx.config.publicUrl,
      }),
    );
  });
}
