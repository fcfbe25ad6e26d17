import { MSG } from '@comped/shared/messages';
import type { SubscriptionPaymentResource } from '@comped/shared/schemas/subscription-payments';
import { and, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { invoices, paymentMethods, plans, subscriptionPayments, subscriptions } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { activateCheckoutPayment, failPayment } from './checkout';
import { localPaidResult } from './local-provider';
import { cardError } from './payment-provider';
import { paymentProviderOf } from './payment-provider-of';
import { StripePaymentProvider } from './stripe-provider';
import type { PaymentRow } from './subscription-records';
import { lockSubscription, setPaymentStatus } from './subscription-records';

/**
 * Payments that wait for the card holder (3-D Secure), as the checkout page and the confirm page
 * (/plans/confirm/{id}, mailed for renewals) see them; and the local provider's test challenge.
 */

/** The card the payment is made with, as far as we know it (never more than brand and last 4). */
async function cardOf(db: DbOrTx, payment: PaymentRow): Promise<{ brand: string; last4: string } | null> {
  if (payment.provider === 'local' && payment.paymentMethodId) {
    const [pm] = await db
      .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, payment.paymentMethodId))
      .limit(1);
    if (pm) return pm;
  }
  if (payment.kind === 'renewal') {
    const [sub] = await db
      .select({ brand: subscriptions.cardBrand, last4: subscriptions.cardLast4 })
      .from(subscriptions)
      .where(eq(subscriptions.userId, payment.userId))
      .limit(1);
    if (sub?.brand && sub.last4) return { brand: sub.brand, last4: sub.last4 };
  }
  return null;
}

/** SubscriptionPaymentResource (packages/shared/src/schemas/subscription-payments.ts). */
export async function toPaymentResource(
  db: DbOrTx,
  payment: PaymentRow,
  clientSecret: string | null,
): Promise<SubscriptionPaymentResource> {
  const [plan] = await db
    .select({ id: plans.id, title: plans.title })
    .from(plans)
    .where(eq(plans.id, payment.planId))
    .limit(1);
  return {
    id: payment.id,
    kind: payment.kind,
    status: payment.status,
    provider: payment.provider,
    amount_cents: payment.amountCents,
    plan: plan ?? { id: payment.planId, title: '' },
    card: await cardOf(db, payment),
    client_secret: payment.status === 'requires_action' ? clientSecret : null,
    failure_message: payment.failureMessage,
    created_at: payment.createdAt.toISOString(),
  };
}

/** The user's own payment; anyone else's (or an unknown id) is a 404. */
async function ownPayment(db: DbOrTx, userId: number, id: string, lock = false): Promise<PaymentRow> {
  const q = db
    .select()
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.id, id), eq(subscriptionPayments.userId, userId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw appError('not_found');
  return row;
}

/**
 * `GET subscriptions/payments/{id}`: the payment and, while it waits on the hosted provider, the
 * client secret Stripe.js confirms it with (read from the provider, never stored).
 */
export async function getPayment(ctx: AppContext, userId: number, id: string): Promise<SubscriptionPaymentResource> {
  const payment = await ownPayment(ctx.db, userId, id);
  let clientSecret: string | null = null;
  const provider = paymentProviderOf(ctx);
  if (payment.status === 'requires_action' && payment.providerInvoiceId && provider instanceof StripePaymentProvider) {
    clientSecret = await provider.clientSecretOfInvoice(payment.providerInvoiceId);
  }
  return toPaymentResource(ctx.db, payment, clientSecret);
}

/**
 * `POST subscriptions/payments/{id}/authenticate {result}` (local provider): the answer on the test
 * challenge that stands in for the bank's 3-D Secure page. `complete` pays: a checkout starts the
 * subscription, a renewal pays its period. `fail` refuses the payment with the provider's message
 * (422), as the hosted provider does; the brand pays again with another card.
 */
export async function authenticateLocalPayment(
  ctx: AppContext,
  userId: number,
  id: string,
  result: 'complete' | 'fail',
): Promise<SubscriptionPaymentResource> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const payment = await ownPayment(tx, userId, id, true);
    if (payment.provider !== 'local') throw appError('not_found');
    if (payment.status !== 'requires_action') throw appError('conflict', { message: MSG.paymentNotPending });
    if (result === 'fail') {
      await failPayment(tx, payment.id, MSG.cardAuthenticationFailed, now);
      if (payment.kind === 'renewal' && payment.providerInvoiceId) {
        await tx
          .update(invoices)
          .set({ status: 'failed', failureMessage: MSG.cardAuthenticationFailed })
          .where(eq(invoices.providerInvoiceId, payment.providerInvoiceId));
      }
      return 'failed' as const;
    }
    if (payment.kind === 'checkout') {
      const card = (await cardOf(tx, payment)) ?? { brand: 'card', last4: '' };
      const done = await activateCheckoutPayment(tx, payment, localPaidResult(payment.amountCents, now, card), now);
      if (done === 'already_active') return 'already_active' as const;
    } else {
      const done = await completeLocalRenewal(tx, payment, now);
      if (!done) return 'stale' as const;
    }
    return 'succeeded' as const;
  });
  if (outcome === 'failed') throw cardError(MSG.cardAuthenticationFailed);
  if (outcome === 'already_active') throw appError('conflict', { message: MSG.alreadySubscribed });
  if (outcome === 'stale') throw appError('conflict', { message: MSG.paymentNotPending });
  return toPaymentResource(ctx.db, await ownPayment(ctx.db, userId, id), null);
}

/**
 * A local renewal confirmed: its invoice is paid and the subscription moves on to that period
 * (active again). A renewal overtaken by a new checkout is only canceled.
 */
async function completeLocalRenewal(tx: Tx, payment: PaymentRow, now: Date): Promise<boolean> {
  const sub = await lockSubscription(tx, eq(subscriptions.userId, payment.userId));
  const current =
    sub &&
    sub.status === 'past_due' &&
    payment.periodStart &&
    payment.periodEnd &&
    sub.currentPeriodEnd.getTime() === payment.periodStart.getTime();
  if (!sub || !current) {
    await setPaymentStatus(tx, eq(subscriptionPayments.id, payment.id), 'canceled', now);
    return false;
  }
  if (payment.providerInvoiceId) {
    await tx
      .update(invoices)
      .set({ status: 'paid', failureMessage: null })
      .where(eq(invoices.providerInvoiceId, payment.providerInvoiceId));
  }
  await tx
    .update(subscriptions)
    .set({
      status: 'active',
      monthsBilled: payment.month,
      currentPeriodStart: payment.periodStart!,
      currentPeriodEnd: payment.periodEnd!,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, sub.id));
  await setPaymentStatus(tx, eq(subscriptionPayments.id, payment.id), 'succeeded', now);
  return true;
}
