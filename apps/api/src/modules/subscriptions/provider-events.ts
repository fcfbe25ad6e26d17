import { MSG } from '@comped/shared/messages';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';

import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { invoices, subscriptionPayments, subscriptions, webhookEvents } from '../../db/schema';
import { activateCheckoutPayment } from './checkout';
import type { SubscriptionRow } from './payment-provider';
import { addMonthsUtc } from './payment-provider';
import { queueConfirmPaymentMail, queuePaymentFailedMail } from './renewals';
import type { StripePaymentProvider } from './stripe-provider';
import { periodOfInvoice, subscriptionIdOfInvoice } from './stripe-provider';
import type { PaymentRow } from './subscription-records';
import {
  insertWaitingPayment,
  lockSubscription,
  markPastDue,
  planById,
  setPaymentStatus,
} from './subscription-records';

/** The hosted provider's events (webhooks): renewals paid, failed or waiting, checkouts confirmed, cancellations. */

/**
 * Applies one verified provider event, once: the event id is recorded in the same transaction, so
 * a redelivery (the provider retries until it gets a 2xx) is recognised and skipped.
 */
export async function applyStripeEvent(
  ctx: AppContext,
  event: Stripe.Event,
  provider: StripePaymentProvider,
): Promise<'applied' | 'duplicate'> {
  const now = ctx.clock.now();
  // The first invoice of a checkout that waited: the card is read from the provider before the
  // transaction (no lock held over the network).
  let checkout: { payment: PaymentRow; card: { brand: string; last4: string } } | null = null;
  if (event.type === 'invoice.paid' && event.data.object.id) {
    const [payment] = await ctx.db
      .select()
      .from(subscriptionPayments)
      .where(
        and(
          eq(subscriptionPayments.providerInvoiceId, event.data.object.id),
          eq(subscriptionPayments.kind, 'checkout'),
        ),
      )
      .limit(1);
    if (payment?.providerSubscriptionId) {
      const card = await provider.cardOfSubscription(payment.providerSubscriptionId);
      checkout = { payment, card: card ?? { brand: 'card', last4: '' } };
    }
  }
  return ctx.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (fresh.length === 0) return 'duplicate';
    switch (event.type) {
      case 'invoice.paid':
        if (checkout) await checkoutInvoicePaid(tx, checkout.payment, checkout.card, event.data.object, now);
        else await invoicePaid(tx, event.data.object, now);
        break;
      case 'invoice.payment_failed':
        await invoiceFailed(ctx, tx, event.data.object, now);
        break;
      case 'invoice.payment_action_required':
        await invoiceActionRequired(ctx, tx, event.data.object, now);
        break;
      case 'customer.subscription.deleted':
        await tx
          .update(subscriptions)
          .set({ status: 'canceled', updatedAt: now })
          .where(eq(subscriptions.providerSubscriptionId, event.data.object.id));
        await setPaymentStatus(
          tx,
          and(
            eq(subscriptionPayments.providerSubscriptionId, event.data.object.id),
            eq(subscriptionPayments.status, 'requires_action'),
          ),
          'canceled',
          now,
        );
        break;
      default:
        break;
    }
    return 'applied';
  });
}

/** The first invoice of a checkout is paid (the page confirmed it, 3-D Secure included): active. */
async function checkoutInvoicePaid(
  tx: Tx,
  waiting: PaymentRow,
  card: { brand: string; last4: string },
  invoice: Stripe.Invoice,
  now: Date,
): Promise<void> {
  const [payment] = await tx
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.id, waiting.id))
    .limit(1)
    .for('update');
  if (!payment || payment.status === 'succeeded') return;
  const period = periodOfInvoice(invoice);
  const periodStart = period.start ?? now;
  await activateCheckoutPayment(
    tx,
    payment,
    {
      customerId: payment.providerCustomerId,
      subscriptionId: payment.providerSubscriptionId,
      invoiceId: invoice.id ?? null,
      amountCents: invoice.amount_paid,
      periodStart,
      periodEnd: period.end ?? addMonthsUtc(periodStart, 1),
      card,
    },
    now,
  );
}

/**
 * A renewal the bank wants authenticated: the brand is past due until the card holder confirms it on
 * /plans/confirm/{payment}, mailed to the owner once.
 */
async function invoiceActionRequired(ctx: AppContext, tx: Tx, invoice: Stripe.Invoice, now: Date): Promise<void> {
  const sub = await subscriptionOfInvoice(tx, invoice);
  if (!sub || !invoice.id || sub.status === 'canceled') return;
  const period = periodOfInvoice(invoice);
  const periodStart = period.start ?? sub.currentPeriodEnd;
  const payment = await insertWaitingPayment(
    tx,
    {
      userId: sub.userId,
      planId: sub.planId,
      kind: 'renewal',
      provider: 'stripe',
      month: sub.monthsBilled + 1,
      amountCents: invoice.amount_due,
      paymentMethodId: sub.paymentMethodId,
      providerCustomerId: sub.providerCustomerId,
      providerSubscriptionId: sub.providerSubscriptionId,
      providerInvoiceId: invoice.id,
      periodStart,
      periodEnd: period.end ?? addMonthsUtc(periodStart, 1),
    },
    now,
    { unlessKnown: true },
  );
  if (!payment) return;
  await markPastDue(tx, sub.id, now);
  const plan = await planById(tx, sub.planId);
  if (plan) await queueConfirmPaymentMail(ctx, tx, sub.userId, plan, invoice.amount_due, payment.id);
}

async function subscriptionOfInvoice(tx: Tx, invoice: Stripe.Invoice): Promise<SubscriptionRow | undefined> {
  const providerSubId = subscriptionIdOfInvoice(invoice);
  if (!providerSubId) return undefined;
  return lockSubscription(tx, eq(subscriptions.providerSubscriptionId, providerSubId));
}

/** A paid invoice (a renewal, or a failed one paid later): invoice row, period extended, active. */
async function invoicePaid(tx: Tx, invoice: Stripe.Invoice, now: Date): Promise<void> {
  const sub = await subscriptionOfInvoice(tx, invoice);
  if (!sub || !invoice.id) return;
  const period = periodOfInvoice(invoice);
  const periodStart = period.start ?? sub.currentPeriodEnd;
  const periodEnd = period.end ?? addMonthsUtc(periodStart, 1);
  const [known] = await tx.select().from(invoices).where(eq(invoices.providerInvoiceId, invoice.id)).limit(1);
  if (known?.status === 'paid') return;
  if (known) {
    await tx
      .update(invoices)
      .set({ status: 'paid', failureMessage: null, amountCents: invoice.amount_paid })
      .where(eq(invoices.id, known.id));
  } else {
    await tx.insert(invoices).values({
      subscriptionId: sub.id,
      amountCents: invoice.amount_paid,
      status: 'paid',
      periodStart,
      periodEnd,
      providerInvoiceId: invoice.id,
    });
  }
  await setPaymentStatus(tx, eq(subscriptionPayments.providerInvoiceId, invoice.id), 'succeeded', now, null);
  const extends_ = periodEnd > sub.currentPeriodEnd;
  await tx
    .update(subscriptions)
    .set({
      status: 'active',
      monthsBilled: sub.monthsBilled + 1,
      ...(extends_ ? { currentPeriodStart: periodStart, currentPeriodEnd: periodEnd } : {}),
      updatedAt: now,
    })
    .where(eq(subscriptions.id, sub.id));
}

async function invoiceFailed(ctx: AppContext, tx: Tx, invoice: Stripe.Invoice, now: Date): Promise<void> {
  if (!invoice.id) return;
  const [waiting] = await tx
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.providerInvoiceId, invoice.id))
    .limit(1);
  const sub = await subscriptionOfInvoice(tx, invoice);
  if (!sub || waiting?.kind === 'checkout') return;
  const period = periodOfInvoice(invoice);
  const periodStart = period.start ?? sub.currentPeriodEnd;
  const reason =
    (invoice as unknown as { last_finalization_error?: { message?: string } | null }).last_finalization_error
      ?.message ?? MSG.cardDeclined;
  await tx
    .insert(invoices)
    .values({
      subscriptionId: sub.id,
      amountCents: invoice.amount_due,
      status: 'failed',
      periodStart,
      periodEnd: period.end ?? addMonthsUtc(periodStart, 1),
      providerInvoiceId: invoice.id,
      failureMessage: reason,
    })
    .onConflictDoNothing();
  if (sub.status === 'past_due' || sub.status === 'canceled') return;
  await markPastDue(tx, sub.id, now);
  // The owner was mailed the link to confirm this payment: no second mail about it.
  if (waiting) return;
  const plan = await planById(tx, sub.planId);
  if (plan) await queuePaymentFailedMail(ctx, tx, sub.userId, plan, invoice.amount_due, reason);
}
