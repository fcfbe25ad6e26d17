import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { tooManyRequests } from '../lib/http-errors';

/**
 * Counts hits per key in a sliding window, in the database so every API node shares the counts.
 * `check` refuses (429 with Retry-After) once `limit` hits fall inside the window.
 */
export async function checkRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - windowMs);
  const [row] = await db
    .select({ n: count(), oldest: min(rateLimitHits.createdAt) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
  if (row && row.n >= limit) {
    const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
    throw tooManyRequests((oldest + windowMs - now.getTime()) / 1000);
  }
}

export async function recordHit(db: DbOrTx, key: string, now: Date): Promise<void> {
  await db.insert(rateLimitHits).values({ key, createdAt: now });
}

export async function clearHits(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

export async function pruneHits(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(now.getTime() - 24 * 3600_000)));
}
