import { and, eq } from 'drizzle-orm';

import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { mediaApplications, users } from '../../db/schema';
import { queueMail } from '../mail/queue-mail';
import { tierCheckRejectedMail, tierCheckRequestedMail, tierConfirmedMail } from './tier-check.mails';

type UserRow = typeof users.$inferSelect;
type ApplicationRow = typeof mediaApplications.$inferSelect;

/**
 * Instagram handles compare without case and without a leading "@" (instagram.com treats them so).
 * An empty or missing handle is null.
 */
export function sameHandle(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (v: string | null | undefined) => v?.trim().replace(/^@+/, '').toLowerCase() || null;
  return norm(a) === norm(b);
}

/**
 * Whether a profile update changes an approved influencer's Instagram handle, so the tier staff gave
 * (by followers) no longer holds. Removing the handle asks for nothing (no booking is possible
 * without one); setting one again after removing it does.
 */
export function needsTierCheck(before: UserRow, newHandle: string | null | undefined): boolean {
  if (before.role !== 'influencer') return false;
  if (newHandle === undefined || newHandle === null || newHandle.trim() === '') return false;
  return !sameHandle(before.instagram, newHandle);
}

/**
 * Sends an account back to staff for a tier check (issue 11, decisions.md Review and lifecycle): the
 * user keeps signing in, but their tier is cleared, so the one visibility rule shows them no
 * campaign until staff confirm a tier; staff see the check among the pending applications (one per
 * account: a further change updates it); the user is told by mail. Runs in the profile update's
 * transaction.
 */
export async function requestTierCheck(tx: DbOrTx, config: Config, user: UserRow, now: Date): Promise<void> {
  const handle = user.instagram ?? '';
  const [open] = await tx
    .select({ id: mediaApplications.id })
    .from(mediaApplications)
    .where(
      and(
        eq(mediaApplications.userId, user.id),
        eq(mediaApplications.tierCheck, true),
        eq(mediaApplications.status, 'pending'),
      ),
    )
    .limit(1)
    .for('update');
  if (open) {
    await tx
      .update(mediaApplications)
      .set({ instagram: handle, twitter: user.twitter, tiktok: user.tiktok, name: user.name })
      .where(eq(mediaApplications.id, open.id));
  } else {
    await tx.insert(mediaApplications).values({
      name: user.name,
      email: user.email,
      type: 'influencer',
      instagram: handle,
      twitter: user.twitter,
      tiktok: user.tiktok,
      status: 'pending',
      userId: user.id,
      tierCheck: true,
      createdAt: now,
    });
  }
  await queueMail(tx, tierCheckRequestedMail(user, handle, config.publicUrl));
}

/** Staff approved a tier check: the account gets the tier and the user is told. */
export async function confirmTierCheck(
  tx: DbOrTx,
  config: Config,
  check: ApplicationRow,
  tier: number,
  now: Date,
): Promise<void> {
  if (check.userId === null) throw new Error(`tier check ${check.id} names no account`);
  const [user] = await tx
    .update(users)
    .set({ tier, updatedAt: now })
    .where(eq(users.id, check.userId))
    .returning({ name: users.name, email: users.email });
  if (!user) return;
  await queueMail(tx, tierConfirmedMail(user, check.instagram, tier, config.publicUrl));
}

/** Staff rejected a tier check: the account stays without a tier; the user is told why. */
export async function rejectTierCheck(
  tx: DbOrTx,
  config: Config,
  check: ApplicationRow,
  reason: string,
): Promise<void> {
  if (check.userId === null) throw new Error(`tier check ${check.id} names no account`);
  const [user] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, check.userId))
    .limit(1);
  if (!user) return;
  await queueMail(tx, tierCheckRejectedMail(user, check.instagram, reason, config.publicUrl));
}
