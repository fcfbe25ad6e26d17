import { MSG } from '@comped/shared/messages';
import type { SubscriptionStatus } from '@comped/shared/statuses';
import { and, eq, inArray } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { invoices, subscriptionPayments, subscriptions } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import type { PlanRow, StartSubscriptionResult, SubscriptionRow } from './payment-provider';
import { paymentProviderOf } from './payment-provider-of';
import { amountForMonth } from './plans';
import type { PaymentRow } from './subscription-records';
import { insertWaitingPayment, lockBrandSubscription, planById, setPaymentStatus } from './subscription-records';

/** Checkout: a brand starts (or restarts) its subscription, paid at once or after 3-D Secure. */

export interface SubscriptionStatusResource {
  status: SubscriptionStatus;
  plan_id: number | null;
}

export type CheckoutAnswer =
  | { code: 201; data: SubscriptionStatusResource }
  | { code: 202; data: SubscriptionStatusResource; payment: PaymentRow; clientSecret: string | null };

/**
 * `POST subscriptions`: starts the subscription through the provider. Paid at once: the
 * subscription (active, one month, months_billed counted) and its paid invoice are recorded in one
 * transaction (201). When the card holder must confirm the payment (3-D Secure), a waiting payment
 * is recorded instead and the subscription stays as it was until that payment succeeds (202).
 * A refused card answers 422 with the provider's message and stores nothing. A brand whose
 * subscription is past due (or canceled) starts it again with the new card. A new checkout replaces
 * the brand's earlier one that still waits (canceled here and at the provider).
 */
export async function createSubscription(
  ctx: AppContext,
  user: { id: number; email: string; name: string },
  input: { selected_plan: number; payment_method: string },
): Promise<CheckoutAnswer> {
  const provider = paymentProviderOf(ctx);
  const plan = await planById(ctx.db, input.selected_plan);
  if (!plan) throw appError('validation_failed', { field: 'selected_plan', message: MSG.planInvalid });
  const [existing] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).limit(1);
  if (existing?.status === 'active') throw appError('already_subscribed');
  const month = existing ? existing.monthsBilled + 1 : 1;
  const now = ctx.clock.now();
  const startInput = {
    user,
    plan,
    paymentMethodId: input.payment_method,
    existing,
    month,
    amountCents: amountForMonth(plan, month),
    now,
  };
  // A hosted provider is called before the transaction (no database lock held over the network;
  // its idempotency keys make a retry safe). The local provider charges inside it.
  const remote = provider.name === 'local' ? null : await provider.startSubscription(ctx.db, startInput);
  const remoteSubId = remote?.kind === 'paid' ? remote.result.subscriptionId : remote?.pending.subscriptionId;
  let replaced: string[] = [];
  try {
    const answer = await ctx.db.transaction(async (tx): Promise<CheckoutAnswer> => {
      const locked = await lockBrandSubscription(tx, user.id);
      if (locked?.status === 'active') throw appError('already_subscribed');
      const outcome = remote ?? (await provider.startSubscription(tx, startInput));
      const keepInvoice = outcome.kind === 'requires_action' ? outcome.pending.invoiceId : null;
      replaced = await cancelWaitingCheckouts(tx, user.id, keepInvoice, now);
      if (outcome.kind === 'paid') {
        const row = await saveStartedSubscription(tx, {
          userId: user.id,
          plan,
          provider: provider.name,
          paymentMethodId: input.payment_method,
          existing: locked,
          monthsBilled: month,
          result: outcome.result,
          now,
        });
        return { code: 201, data: { status: row.status, plan_id: row.planId } };
      }
      const { pending } = outcome;
      // The same card twice (a retry): the provider replays the same start, we keep the same payment.
      const [again] = pending.invoiceId
        ? await tx
            .select()
            .from(subscriptionPayments)
            .where(eq(subscriptionPayments.providerInvoiceId, pending.invoiceId))
            .limit(1)
        : [];
      const payment =
        again ??
        (await insertWaitingPayment(
          tx,
          {
            userId: user.id,
            planId: plan.id,
            kind: 'checkout',
            provider: provider.name,
            month,
            amountCents: pending.amountCents,
            paymentMethodId: input.payment_method,
            providerCustomerId: pending.customerId,
            providerSubscriptionId: pending.subscriptionId,
            providerInvoiceId: pending.invoiceId,
          },
          now,
        ))!;
      return {
        code: 202,
        data: { status: locked?.status ?? 'inexistent', plan_id: locked?.planId ?? null },
        payment,
        clientSecret: pending.clientSecret,
      };
    });
    if (provider.abandon) for (const id of replaced) await provider.abandon(id).catch(() => undefined);
    return answer;
  } catch (err) {
    // Started at the provider but not recorded here (another checkout won the race): cancel it there.
    if (remoteSubId && provider.abandon) await provider.abandon(remoteSubId).catch(() => undefined);
    if (isUniqueViolation(err)) throw appError('already_subscribed');
    throw err;
  }
}

/** Cancels the brand's checkouts that still wait (but `keepInvoice`); their provider subscriptions to cancel. */
async function cancelWaitingCheckouts(tx: Tx, userId: number, keepInvoice: string | null, now: Date) {
  const waiting = await tx
    .select()
    .from(subscriptionPayments)
    .where(
      and(
        eq(subscriptionPayments.userId, userId),
        eq(subscriptionPayments.kind, 'checkout'),
        eq(subscriptionPayments.status, 'requires_action'),
      ),
    )
    .for('update');
  const stale = waiting.filter((p) => !keepInvoice || p.providerInvoiceId !== keepInvoice);
  if (stale.length === 0) return [];
  await setPaymentStatus(
    tx,
    inArray(
      subscriptionPayments.id,
      stale.map((p) => p.id),
    ),
    'canceled',
    now,
  );
  return stale.flatMap((p) => (p.providerSubscriptionId ? [p.providerSubscriptionId] : []));
}

/**
 * A checkout payment that waited has succeeded (the local challenge completed, or the provider's
 * `invoice.paid`): the subscription starts now, as a checkout paid at once would have. When the
 * brand became active meanwhile by another checkout, the payment is only marked canceled.
 */
export async function activateCheckoutPayment(
  tx: Tx,
  payment: PaymentRow,
  result: StartSubscriptionResult,
  now: Date,
): Promise<'activated' | 'already_active'> {
  const locked = await lockBrandSubscription(tx, payment.userId);
  if (locked?.status === 'active' && locked.providerSubscriptionId !== payment.providerSubscriptionId) {
    await setPaymentStatus(tx, eq(subscriptionPayments.id, payment.id), 'canceled', now);
    return 'already_active';
  }
  const plan = await planById(tx, payment.planId);
  if (!plan) throw new Error(`plan ${payment.planId} is gone`);
  await saveStartedSubscription(tx, {
    userId: payment.userId,
    plan,
    provider: payment.provider,
    paymentMethodId: payment.paymentMethodId ?? '',
    existing: locked,
    monthsBilled: payment.month,
    result,
    now,
  });
  await setPaymentStatus(tx, eq(subscriptionPayments.id, payment.id), 'succeeded', now, null);
  return 'activated';
}

/** Marks a waiting payment failed with the provider's message (the brand pays again from /plans). */
export async function failPayment(tx: Tx, paymentId: string, message: string, now: Date): Promise<void> {
  const waiting = and(eq(subscriptionPayments.id, paymentId), eq(subscriptionPayments.status, 'requires_action'));
  await setPaymentStatus(tx, waiting, 'failed', now, message);
}

export async function saveStartedSubscription(
  tx: Tx,
  s: {
    userId: number;
    plan: PlanRow;
    provider: 'local' | 'stripe';
    paymentMethodId: string;
    existing: SubscriptionRow | undefined;
    monthsBilled: number;
    result: StartSubscriptionResult;
    now: Date;
  },
): Promise<SubscriptionRow> {
  const values = {
    planId: s.plan.id,
    status: 'active' as const,
    provider: s.provider,
    providerCustomerId: s.result.customerId,
    providerSubscriptionId: s.result.subscriptionId,
    paymentMethodId: s.paymentMethodId,
    cardBrand: s.result.card.brand,
    cardLast4: s.result.card.last4,
    monthsBilled: s.monthsBilled,
    currentPeriodStart: s.result.periodStart,
    currentPeriodEnd: s.result.periodEnd,
    updatedAt: s.now,
  };
  const [row] = s.existing
    ? await tx.update(subscriptions).set(values).where(eq(subscriptions.id, s.existing.id)).returning()
    : await tx
        .insert(subscriptions)
        .values({ userId: s.userId, ...values })
        .returning();
  if (!row) throw new Error('subscription write returned nothing');
  // Renewals still waiting for the card holder are overtaken by this payment.
  const waitingRenewals = and(
    eq(subscriptionPayments.userId, s.userId),
    eq(subscriptionPayments.kind, 'renewal'),
    eq(subscriptionPayments.status, 'requires_action'),
  );
  await setPaymentStatus(tx, waitingRenewals, 'canceled', s.now);
  await tx
    .insert(invoices)
    .values({
      subscriptionId: row.id,
      amountCents: s.result.amountCents,
      status: 'paid',
      periodStart: s.result.periodStart,
      periodEnd: s.result.periodEnd,
      providerInvoiceId: s.result.invoiceId ?? localInvoiceId(row.id, s.result.periodStart),
    })
    .onConflictDoNothing();
  return row;
}

/** "local:<subscription>:<period start>": one charge per subscription and period, whatever reruns. */
export function localInvoiceId(subscriptionId: number, periodStart: Date): string {
  return `local:${subscriptionId}:${periodStart.toISOString()}`;
}
