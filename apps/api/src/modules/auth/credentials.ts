import { MSG } from '@comped/shared/messages';
import { and, eq, isNull, ne } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accessTokens, temporaryPasswords, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import type { BackoffRule } from '../../plugins/rate-limit';
import { takeFromWindow } from '../../plugins/rate-limit';

/** What sign-in, sign-up, resets and settings share: tokens, temporary passwords and the limits. */

/**
 * Failed sign-ins (decisions.md, Review and lifecycle: they slow down the pair that fails and never
 * lock the owner out from elsewhere):
 * - per (e-mail, address): 5 free tries, then a wait that doubles before each next one (1 s, 2 s,
 *   4 s ... capped at 15 minutes); a successful sign-in clears it;
 * - per address, whatever the e-mail: 50 failures per 15 minutes (credential stuffing);
 * - per e-mail, from everywhere: a ceiling of 500 failures per hour, far above what one address can
 *   reach (about 18 an hour under the delays), so only a spread-out attack of dozens of addresses
 *   meets it; it then answers 429 for that e-mail until the hour is over (docs/security.md).
 */
export const LOGIN_FAILS_PER_PAIR: BackoffRule = { free: 5, capMs: 15 * 60_000, forgetAfterMs: 24 * 3600_000 };
export const LOGIN_FAILS_PER_ADDRESS = { limit: 50, windowMs: 15 * 60_000 };
export const LOGIN_FAILS_PER_EMAIL_CEILING = { limit: 500, windowMs: 60 * 60_000 };
/**
 * Password resets (issue 24): requests are limited per (e-mail, address) pair and per address, so
 * nobody can use up the owner's resets from elsewhere; the mails one e-mail receives are capped
 * separately, in the job, where an exhausted cap answers nothing different. Mailed temporary
 * passwords do not replace each other, so mails someone else asked for still let the owner in.
 */
export const RESETS_PER_PAIR = { limit: 3, windowMs: 60 * 60_000 };
export const RESETS_PER_ADDRESS = { limit: 20, windowMs: 60 * 60_000 };
export const RESET_MAILS_PER_EMAIL = { limit: 10, windowMs: 60 * 60_000 };
export const ANONYMOUS_WRITES_PER_ADDRESS = { limit: 60, windowMs: 60_000 };
/** Reset passwords last an hour; initial (approval) passwords a week (decisions.md). */
export const RESET_PASSWORD_TTL_MS = 60 * 60_000;
export const INITIAL_PASSWORD_TTL_MS = 7 * 24 * 3600_000;

const TEMPORARY_PASSWORD_TTL_MS = { reset: RESET_PASSWORD_TTL_MS, initial: INITIAL_PASSWORD_TTL_MS } as const;

/** Stores a temporary password (hashed before the transaction) that expires by its kind's lifetime. */
export async function storeTemporaryPassword(
  db: DbOrTx,
  userId: number,
  kind: keyof typeof TEMPORARY_PASSWORD_TTL_MS,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.insert(temporaryPasswords).values({
    userId,
    kind,
    passwordHash,
    expiresAt: new Date(now.getTime() + TEMPORARY_PASSWORD_TTL_MS[kind]),
    createdAt: now,
  });
}

export const incorrectLogin = () => appError('validation_failed', { field: 'password', message: MSG.incorrectLogin });

/** The end-to-end server (TEST_CLOCK=1) sends every browser and API call from 127.0.0.1. */
export function perAddressLimitsOn(ctx: AppContext): boolean {
  return !ctx.config.testClock;
}

/** Unauthenticated writes: 60 per minute per address (sign-in, sign-up, application, reset). */
export async function limitAnonymousWrite(ctx: AppContext, ip: string): Promise<void> {
  if (!perAddressLimitsOn(ctx)) return;
  const now = ctx.clock.now();
  const key = `anon-write:ip:${ip}`;
  await takeFromWindow(ctx.db, key, ANONYMOUS_WRITES_PER_ADDRESS.limit, ANONYMOUS_WRITES_PER_ADDRESS.windowMs, now);
}

export async function issueAccessToken(db: DbOrTx, userId: number, now: Date): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(accessTokens).values({ userId, tokenHash: hashToken(token), createdAt: now, lastUsedAt: now });
  return token;
}

/** Revokes every live token of a user except `keepTokenId` (null: all of them). */
export async function revokeTokens(db: DbOrTx, userId: number, now: Date, keepTokenId: number | null) {
  const live = and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt));
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(keepTokenId === null ? live : and(live, ne(accessTokens.id, keepTokenId)));
}

export async function emailTaken(db: DbOrTx, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
    .limit(1);
  return !!row;
}

/** GET logout: this token stops working. */
export async function revokeToken(ctx: AppContext, tokenId: number): Promise<void> {
  await ctx.db
    .update(accessTokens)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(accessTokens.id, tokenId), isNull(accessTokens.revokedAt)));
}
