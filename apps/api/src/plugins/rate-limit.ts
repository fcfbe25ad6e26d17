import { and, eq, lt, or, sql } from 'drizzle-orm';

import type { DbOrTx } from '../db/client';
import { preparedOn } from '../db/prepared';
import { rateLimitCounters } from '../db/schema';
import { appError, retryAfter } from '../lib/app-error';

const c = rateLimitCounters;

/**
 * Takes one try from a fixed window of `limit` tries per `windowMs`, checking and recording it in
 * one statement (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING`): however many tries arrive at
 * once, no more than `limit` are let through. Throws 429 with Retry-After (the window's end) once
 * the window is spent; a refused try is counted too, but never lengthens the window.
 */
export async function takeFromWindow(
  db: DbOrTx,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<void> {
  // Prepared once per connection (issue 31): every message and every limited try runs it. The
  // window's boundary travels as text (a placeholder outside a column's value has no encoder).
  const take = preparedOn(db, 'rate_window_take', (on) => {
    const expired = sql`${c.windowStart} <= ${sql.placeholder('expiredText')}::timestamptz`;
    return on
      .insert(c)
      .values({
        key: sql.placeholder('key'),
        count: 1,
        windowStart: sql.placeholder('now'),
        updatedAt: sql.placeholder('now'),
      })
      .onConflictDoUpdate({
        target: c.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${c.count} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN excluded.window_start ELSE ${c.windowStart} END`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ count: c.count, windowStart: c.windowStart })
      .prepare('rate_window_take');
  });
  const [row] = await take.execute({ key, now, expiredText: new Date(now.getTime() - windowMs).toISOString() });
  if (row && row.count > limit) {
    throw appError('too_many_requests', {
      headers: retryAfter((new Date(row.windowStart).getTime() + windowMs - now.getTime()) / 1000),
    });
  }
}

/** Hands a try taken by `takeFromWindow` back (the try succeeded and is not to count against anyone). */
export async function giveBack(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(c)
    .set({ count: sql`greatest(${c.count} - 1, 0)` })
    .where(eq(c.key, key));
}

/** Growing delays: `free` tries, then 1 s, 2 s, 4 s ... up to `capMs` before each next one. */
export interface BackoffRule {
  /** At least 1. */
  free: number;
  capMs: number;
  /** After this long without a try the count starts again. */
  forgetAfterMs: number;
}

/**
 * Takes one try under a growing delay, checking and recording it in one statement: a try while
 * `blocked_until` lies ahead is refused (429 with Retry-After) and changes nothing; a try let
 * through counts, and from the `free + 1`-th on it sets the wait before the next one (1 s, doubling,
 * capped). The caller clears the key on success (`clearCounter`).
 */
export async function takeWithBackoff(db: DbOrTx, key: string, rule: BackoffRule, now: Date): Promise<void> {
  const waiting = sql`(${c.blockedUntil} IS NOT NULL AND ${c.blockedUntil} > ${now})`;
  const forgotten = sql`${c.windowStart} <= ${new Date(now.getTime() - rule.forgetAfterMs)}`;
  const next = sql`(CASE WHEN ${forgotten} THEN 1 ELSE ${c.count} + 1 END)`;
  const capSeconds = Math.floor(rule.capMs / 1000);
  const [row] = await db
    .insert(c)
    .values({
      key,
      count: 1,
      windowStart: now,
      blockedUntil: null,
      refused: false,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: c.key,
      set: {
        refused: waiting,
        count: sql`CASE WHEN ${waiting} THEN ${c.count} ELSE ${next} END`,
        blockedUntil: sql`CASE
          WHEN ${waiting} THEN ${c.blockedUntil}
          WHEN ${next} > ${rule.free}
            THEN ${now}::timestamptz + least(power(2, ${next} - ${rule.free} - 1), ${capSeconds}) * interval '1 second'
          ELSE NULL END`,
        // The time of the last try let through.
        windowStart: sql`CASE WHEN ${waiting} THEN ${c.windowStart} ELSE ${now} END`,
        updatedAt: now,
      },
    })
    .returning({ refused: c.refused, blockedUntil: c.blockedUntil });
  if (row?.refused && row.blockedUntil) {
    throw appError('too_many_requests', {
      headers: retryAfter((new Date(row.blockedUntil).getTime() - now.getTime()) / 1000),
    });
  }
}

export async function clearCounter(db: DbOrTx, key: string): Promise<void> {
  await db.delete(c).where(eq(c.key, key));
}

/** Drops counters nobody has touched for a day and whose wait is over. */
export async function pruneCounters(db: DbOrTx, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  await db.delete(c).where(and(lt(c.updatedAt, dayAgo), or(sql`${c.blockedUntil} IS NULL`, lt(c.blockedUntil, now))));
}
