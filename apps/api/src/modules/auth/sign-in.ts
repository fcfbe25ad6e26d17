import type { LoginResponse } from '@comped/shared/schemas/session';
import type { loginSchema } from '@comped/shared/validation/auth';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';

import type { AppContext } from '../../context';
import { temporaryPasswords, users } from '../../db/schema';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import { clearCounter, giveBack, takeFromWindow, takeWithBackoff } from '../../plugins/rate-limit';
import {
  incorrectLogin,
  issueAccessToken,
  LOGIN_FAILS_PER_ADDRESS,
  LOGIN_FAILS_PER_EMAIL_CEILING,
  LOGIN_FAILS_PER_PAIR,
  perAddressLimitsOn,
  revokeTokens,
} from './credentials';
import { buildSessionUser } from './session-user';

export async function login(ctx: AppContext, input: z.output<typeof loginSchema>, ip: string): Promise<LoginResponse> {
  const now = ctx.clock.now();
  const pairKey = `login-fail:pair:${input.email}:${ip}`;
  const ipKey = `login-fail:ip:${ip}`;
  const emailKey = `login-fail:email:${input.email}`;
  // Every try is taken (checked and recorded at once) before the password is looked at; a refused
  // one hands back what it took, a successful one hands back everything and clears its pair.
  const taken: string[] = [];
  const giveBackTaken = async () => {
    for (const key of taken) await giveBack(ctx.db, key);
  };
  try {
    if (perAddressLimitsOn(ctx)) {
      await takeFromWindow(ctx.db, ipKey, LOGIN_FAILS_PER_ADDRESS.limit, LOGIN_FAILS_PER_ADDRESS.windowMs, now);
      taken.push(ipKey);
    }
    await takeFromWindow(
      ctx.db,
      emailKey,
      LOGIN_FAILS_PER_EMAIL_CEILING.limit,
      LOGIN_FAILS_PER_EMAIL_CEILING.windowMs,
      now,
    );
    taken.push(emailKey);
    await takeWithBackoff(ctx.db, pairKey, LOGIN_FAILS_PER_PAIR, now);
  } catch (err) {
    await giveBackTaken();
    throw err;
  }
  const succeeded = async () => {
    await giveBackTaken();
    await clearCounter(ctx.db, pairKey);
  };

  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, input.email) });
  // The try is counted already: a failure leaves it so.
  const failed = async () => incorrectLogin();
  if (!user) {
    // Same work and same answer as a wrong password: the answer tells nothing about the e-mail.
    await verifyPassword(await dummyPasswordHash(), input.password);
    throw await failed();
  }

  if (await verifyPassword(user.passwordHash, input.password)) {
    await succeeded();
    const token = await issueAccessToken(ctx.db, user.id, now);
    return { access_token: token, token_type: 'Bearer', user: await buildSessionUser(ctx.db, user.id) };
  }

  // A temporary (reset) or initial (approval) password: unused and unexpired, used once.
  const candidates = await ctx.db
    .select({ id: temporaryPasswords.id, passwordHash: temporaryPasswords.passwordHash })
    .from(temporaryPasswords)
    .where(
      and(
        eq(temporaryPasswords.userId, user.id),
        isNull(temporaryPasswords.usedAt),
        gt(temporaryPasswords.expiresAt, now),
      ),
    )
    .orderBy(desc(temporaryPasswords.id))
    .limit(5);
  let matched: number | null = null;
  for (const c of candidates) {
    if (await verifyPassword(c.passwordHash, input.password)) {
      matched = c.id;
      break;
    }
  }
  if (matched === null) throw await failed();

  const matchedId = matched;
  const token = await ctx.db.transaction(async (tx) => {
    // Only one sign-in can consume it, even when two arrive at once.
    const used = await tx
      .update(temporaryPasswords)
      .set({ usedAt: now })
      .where(and(eq(temporaryPasswords.id, matchedId), isNull(temporaryPasswords.usedAt)))
      .returning({ id: temporaryPasswords.id });
    if (used.length === 0) return null;
    // Every other outstanding temporary password dies with it.
    await tx
      .update(temporaryPasswords)
      .set({ usedAt: now })
      .where(and(eq(temporaryPasswords.userId, user.id), isNull(temporaryPasswords.usedAt)));
    // The old password stops working once a temporary one is used (decisions.md).
    await tx
      .update(users)
      .set({ mustChangePassword: true, passwordHash: null, updatedAt: now })
      .where(eq(users.id, user.id));
    await revokeTokens(tx, user.id, now, null);
    return issueAccessToken(tx, user.id, now);
  });
  if (!token) throw await failed();
  await succeeded();
  return { access_token: token, token_type: 'Bearer', user: await buildSessionUser(ctx.db, user.id) };
}
