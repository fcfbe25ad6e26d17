import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { MSG } from '@comped/shared/messages';
import type { LoginResponse } from '@comped/shared/schemas/session';
import type { z } from 'zod';
import { SUPPORT_EMAIL } from '@comped/shared/limits';
import { changesEmail, needsCurrentPassword } from '@comped/shared/validation/auth';
import type {
  brandSignupSchema,
  loginSchema,
  mediaApplicationSchema,
  passwordChangeSchema,
  settingsSchema,
} from '@comped/shared/validation/auth';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accessTokens, brands, mediaApplications, temporaryPasswords, users } from '../../db/schema';
import { AppError, appError } from '../../lib/app-error';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { clearCounter, giveBack, takeFromWindow, takeWithBackoff } from '../../plugins/rate-limit';
import type { BackoffRule } from '../../plugins/rate-limit';
import { isUniqueViolation } from '../../lib/database-errors';
import { hashToken, newOpaqueToken, newTemporaryPassword } from '../../lib/tokens';
import { enqueue } from '../../jobs/queue';
import { recordEvent } from '../analytics/analytics.service';
import { queueMail } from '../mail/mail.service';
import { applicationReceivedMail, emailChangedMail, passwordResetMail } from './auth.mails';
import { buildSessionUser } from './session-user';

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

const incorrectLogin = () => appError('validation_failed', { field: 'password', message: MSG.incorrectLogin });

/** The end-to-end server (TEST_CLOCK=1) sends every browser and API call from 127.0.0.1. */
function perAddressLimitsOn(ctx: AppContext): boolean {
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

// ---------------------------------------------------------------- sign-in

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

// ---------------------------------------------------------------- brand sign-up

export async function registerBrand(
  ctx: AppContext,
  input: z.output<typeof brandSignupSchema>,
): Promise<LoginResponse> {
  const now = ctx.clock.now();
  if (await emailTaken(ctx.db, input.email))
    throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
  const passwordHash = await hashPassword(input.password);
  try {
    const { userId, token } = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          role: 'brands',
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(brands).values({
        ownerId: user.id,
        name: input.name,
        address: input.address,
        zip: input.zip,
        phones: input.phones,
        createdAt: now,
        updatedAt: now,
      });
      await recordEvent(tx, 'brand_sign_up', user.id, now);
      return { userId: user.id, token: await issueAccessToken(tx, user.id, now) };
    });
    return { access_token: token, token_type: 'Bearer', user: await buildSessionUser(ctx.db, userId) };
  } catch (err) {
    if (isUniqueViolation(err)) throw appError('validation_failed', { field: 'email', message: MSG.emailTaken });
    throw err;
  }
}

// ---------------------------------------------------------------- password reset

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

// ---------------------------------------------------------------- profile

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

// ---------------------------------------------------------------- media application

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
