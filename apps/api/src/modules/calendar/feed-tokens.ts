import { createHmac, randomBytes } from 'node:crypto';

import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { calendarFeeds } from '../../db/schema';
import { ensureSetting } from '../../lib/app-settings';
import { hashToken } from '../../lib/tokens';

const SETTING = 'calendar_feed_key';
const secrets = new WeakMap<AppContext, Promise<string>>();

/** A feed address's token: 256 bits, base64url (43 characters). */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

async function storedSecret(ctx: AppContext): Promise<string> {
  const { value } = await ensureSetting(ctx.db, SETTING, () => ({ secret: randomBytes(32).toString('base64url') }));
  if (!value.secret) throw new Error(`app setting ${SETTING} is incomplete`);
  return value.secret;
}

/**
 * At start (under the migration lock, app.ts): without CALENDAR_FEED_SECRET, the key the feed
 * addresses are derived from is generated once and stored, so every node derives the same ones.
 */
export async function ensureCalendarFeedKey(ctx: AppContext): Promise<void> {
  if (!ctx.config.calendarFeedSecret) await storedSecret(ctx);
}

function feedSecret(ctx: AppContext): Promise<string> {
  if (ctx.config.calendarFeedSecret) return Promise.resolve(ctx.config.calendarFeedSecret);
  let secret = secrets.get(ctx);
  if (!secret) {
    secret = storedSecret(ctx);
    void secret.catch(() => secrets.delete(ctx));
    secrets.set(ctx, secret);
  }
  return secret;
}

function tokenOf(secret: string, userId: number, nonce: string): string {
  return createHmac('sha256', secret).update(`calendar-feed:${userId}:${nonce}`).digest('base64url');
}

const addressOf = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/api/v1/calendar/${token}.ics`;

/**
 * `GET calendar-feed`: the caller's private feed address, made on first ask. The token is derived
 * from the stored nonce under the server's key, so it is shown again without being stored; if the
 * key changed (CALENDAR_FEED_SECRET set later), the stored hash follows the new token.
 */
export async function feedAddress(ctx: AppContext, userId: number): Promise<string> {
  const secret = await feedSecret(ctx);
  const [row] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (!row) return rotateFeed(ctx, userId);
  const token = tokenOf(secret, userId, row.nonce);
  const tokenHash = hashToken(token);
  if (tokenHash !== row.tokenHash) {
    await ctx.db.update(calendarFeeds).set({ tokenHash }).where(eq(calendarFeeds.userId, userId));
  }
  return addressOf(ctx, token);
}

/** `POST calendar-feed/rotate`: a new address; the previous one answers 404 from now on. */
export async function rotateFeed(ctx: AppContext, userId: number): Promise<string> {
  const secret = await feedSecret(ctx);
  const nonce = randomBytes(16).toString('base64url');
  const token = tokenOf(secret, userId, nonce);
  const values = { nonce, tokenHash: hashToken(token), createdAt: ctx.clock.now() };
  await ctx.db
    .insert(calendarFeeds)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: values });
  return addressOf(ctx, token);
}

/** Whose feed a token opens, or null (a malformed, unknown or rotated token). */
export async function feedOwnerOf(ctx: AppContext, token: string): Promise<number | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const [row] = await ctx.db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  return row?.userId ?? null;
}
