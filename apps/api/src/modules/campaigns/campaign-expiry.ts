import type { Placeholder } from 'drizzle-orm';
import { and, eq, lt, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema';
import { dateInZone } from '../../lib/clock';

/**
 * Campaign expiry (decisions.md, Review and lifecycle). `expires_on` is the last day a campaign is
 * offered; "today" is the date of `ctx.clock.now()` in the server's default zone (`TZ_DEFAULT`),
 * so a campaign is still offered all through its `expires_on` and gone the day after.
 */
export function campaignToday(ctx: Pick<AppContext, 'clock' | 'config'>): string {
  return dateInZone(ctx.clock.now(), ctx.config.tzDefault);
}

/**
 * SQL: an approved campaign whose last day has passed (expired, whether or not the job ran yet).
 * `today` is a day or a placeholder for it (a prepared list).
 */
export function approvedButPast(today: string | Placeholder) {
  return and(eq(campaigns.status, 'approved'), lt(campaigns.expiresOn, today));
}

/** Whether a row reads as expired today: stored so, or approved with its last day behind us. */
export function isExpired(row: { status: string; expiresOn: string | null }, today: string): boolean {
  return row.status === 'expired' || (row.status === 'approved' && row.expiresOn !== null && row.expiresOn < today);
}

/** Expiry on read: the row as the job would leave it. */
export function withEffectiveStatus<
  T extends { status: 'draft' | 'review' | 'approved' | 'expired'; expiresOn: string | null },
>(row: T, today: string): T {
  return isExpired(row, today) && row.status !== 'expired' ? { ...row, status: 'expired' } : row;
}

/** Marks every approved campaign whose last day has passed as expired; returns how many changed. */
export async function expireCampaigns(db: DbOrTx, today: string, now: Date): Promise<number> {
  const rows = await db
    .update(campaigns)
    .set({ status: 'expired', updatedAt: now })
    .where(and(approvedButPast(today), sql`${campaigns.deletedAt} is null`))
    .returning({ id: campaigns.id });
  return rows.length;
}
