import { randomBytes } from 'node:crypto';

import type { SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';

import type { DbOrTx, Tx } from '../../db/client';
import { plans, subscriptionPayments, subscriptions, users } from '../../db/schema';
import type { OutgoingMail } from '../mail/queue-mail';
import { queueMail } from '../mail/queue-mail';
import type { PlanRow, SubscriptionRow } from './payment-provider';

/**
 * The writes and locks that checkout, renewals, provider events and waiting payments share,
 * written once: each runs inside the caller's transaction.
 */

export type PaymentRow = typeof subscriptionPayments.$inferSelect;

/** `pay_<random>`: the id of a payment that waits, unguessable (it is in a mailed link). */
export function newPaymentId(): string {
  return `pay_${randomBytes(16).toString('hex')}`;
}

/**
 * One checkout or activation of a brand at a time (two tabs, a double click, a webhook): locks the
 * owner's row, then reads the subscription row locked.
 */
export async function lockBrandSubscription(tx: Tx, userId: number): Promise<SubscriptionRow | undefined> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return lockSubscription(tx, eq(subscriptions.userId, userId));
}

/** The subscription row that matches, locked until the transaction ends. */
export async function lockSubscription(tx: Tx, where: SQL): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(where).limit(1).for('update');
  return row;
}

/**
 * A payment that waits for the card holder (3-D Secure). With `unlessKnown`, a payment of the same
 * provider invoice already recorded (a redelivered event) makes it answer null instead of failing.
 */
export async function insertWaitingPayment(
  tx: Tx,
  values: Omit<typeof subscriptionPayments.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>,
  now: Date,
  opts: { unlessKnown?: boolean } = {},
): Promise<PaymentRow | null> {
  const insert = tx
    .insert(subscriptionPayments)
    .values({ ...values, id: newPaymentId(), status: 'requires_action', createdAt: now, updatedAt: now });
  const [row] = opts.unlessKnown ? await insert.onConflictDoNothing().returning() : await insert.returning();
  return row ?? null;
}

/** Sets the status of the payments that match (and clears or sets the failure message). */
export async function setPaymentStatus(
  tx: Tx,
  where: SQL | undefined,
  status: PaymentRow['status'],
  now: Date,
  failureMessage?: string | null,
): Promise<void> {
  const set = failureMessage === undefined ? { status, updatedAt: now } : { status, failureMessage, updatedAt: now };
  await tx.update(subscriptionPayments).set(set).where(where);
}

/** The subscription waits for a payment: the brand workspace is paused until one goes through. */
export async function markPastDue(tx: Tx, subscriptionId: number, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'past_due', updatedAt: now })
    .where(eq(subscriptions.id, subscriptionId));
}

export async function planById(db: DbOrTx, planId: number): Promise<PlanRow | undefined> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId)).limit(1);
  return plan;
}

/** Queues a subscription mail to the brand owner (skipped when the account is gone). */
export async function queueOwnerMail(
  tx: Tx,
  userId: number,
  mailTo: (owner: { email: string; name: string }) => OutgoingMail,
): Promise<void> {
  const [owner] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (owner) await queueMail(tx, mailTo(owner));
}
