import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type Stripe from 'stripe';
import { MSG } from '@comped/shared/messages';
import type { PlanResource } from '@comped/shared/schemas/resources';
import type { SubscriptionStatus } from '@comped/shared/statuses';
import { monthlyAmountCents } from '@comped/shared/validation/subscription';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import {
  invoices,
  paymentMethods,
  plans,
  subscriptionPayments,
  subscriptions,
  users,
  webhookEvents,
} from '../../db/schema';
import { appError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { queueMail } from '../mail/mail.service';
import { chargeLocal, LocalPaymentProvider } from './local-provider';
import { addMonthsUtc } from './payment-provider';
import type { PaymentProvider, PlanRow, StartSubscriptionResult, SubscriptionRow } from './payment-provider';
import { createStripeClient, periodOfInvoice, StripePaymentProvider, subscriptionIdOfInvoice } from './stripe-provider';
import { confirmPaymentMail, paymentFailedMail } from './subscriptions.mails';

// ------------------------------------------------------------------ provider

const providers = new WeakMap<AppContext, PaymentProvider>();

/** The provider chosen by PAYMENT_PROVIDER, built once per app. */
export function paymentProviderOf(ctx: AppContext): PaymentProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    provider =
      ctx.config.payment.provider === 'stripe'
        ? new StripePaymentProvider(createStripeClient(ctx.config.payment), ctx.config.payment)
        : new LocalPaymentProvider();
    providers.set(ctx, provider);
  }
  return provider;
}

// ------------------------------------------------------------------ plans

export function planResource(row: PlanRow): PlanResource {
  return {
    id: row.id,
    title: row.title,
    price: row.priceCents / 100,
    price_cents: row.priceCents,
    intro_price_cents: row.introPriceCents,
    intro_months: row.introMonths,
    features: row.features,
    allowed_locations: row.allowedLocations,
    allowed_brands: row.allowedBrands,
  };
}

export async function listPlans(db: DbOrTx): Promise<PlanResource[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.id));
  return rows.map(planResource);
}

export function amountForMonth(plan: PlanRow, month: number): number {
  return monthlyAmountCents(
    { price_cents: plan.priceCents, intro_price_cents: plan.introPriceCents, intro_months: plan.introMonths },
    month,
  );
}

// ------------------------------------------------------------------ subscribe

export interface SubscriptionStatusResource {
  status: SubscriptionStatus;
  plan_id: number | null;
}

export type PaymentRow = typeof subscriptionPayments.$inferSelect;

/** `pay_<random>`: the id of a payment that waits, unguessable (it is in a mailed link). */
export function newPaymentId(): string {
  return `pay_${randomBytes(16).toString('hex')}`;
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
  const [plan] = await ctx.db.select().from(plans).where(eq(plans.id, input.selected_plan)).limit(1);
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
      // One checkout of a brand at a time (two tabs, a double click).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [locked] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, user.id))
        .limit(1)
        .for('update');
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
        (
          await tx
            .insert(subscriptionPayments)
            .values({
              id: newPaymentId(),
              userId: user.id,
              planId: plan.id,
              kind: 'checkout',
              provider: provider.name,
              status: 'requires_action',
              month,
              amountCents: pending.amountCents,
              paymentMethodId: input.payment_method,
              providerCustomerId: pending.customerId,
              providerSubscriptionId: pending.subscriptionId,
              providerInvoiceId: pending.invoiceId,
              createdAt: now,
              updatedAt: now,
            })
            .returning()
        )[0]!;
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
  await tx
    .update(subscriptionPayments)
    .set({ status: 'canceled', updatedAt: now })
    .where(
      inArray(
        subscriptionPayments.id,
        stale.map((p) => p.id),
      ),
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
  await tx.select({ id: users.id }).from(users).where(eq(users.id, payment.userId)).for('update');
  const [locked] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, payment.userId))
    .limit(1)
    .for('update');
  if (locked?.status === 'active' && locked.providerSubscriptionId !== payment.providerSubscriptionId) {
    await tx
      .update(subscriptionPayments)
      .set({ status: 'canceled', updatedAt: now })
      .where(eq(subscriptionPayments.id, payment.id));
    return 'already_active';
  }
  const [plan] = await tx.select().from(plans).where(eq(plans.id, payment.planId)).limit(1);
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
  await tx
    .update(subscriptionPayments)
    .set({ status: 'succeeded', failureMessage: null, updatedAt: now })
    .where(eq(subscriptionPayments.id, payment.id));
  return 'activated';
}

/** Marks a waiting payment failed with the provider's message (the brand pays again from /plans). */
export async function failPayment(tx: Tx, paymentId: string, message: string, now: Date): Promise<void> {
  await tx
    .update(subscriptionPayments)
    .set({ status: 'failed', failureMessage: message, updatedAt: now })
    .where(and(eq(subscriptionPayments.id, paymentId), eq(subscriptionPayments.status, 'requires_action')));
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
  await tx
    .update(subscriptionPayments)
    .set({ status: 'canceled', updatedAt: s.now })
    .where(
      and(
        eq(subscriptionPayments.userId, s.userId),
        eq(subscriptionPayments.kind, 'renewal'),
        eq(subscriptionPayments.status, 'requires_action'),
      ),
    );
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

// ------------------------------------------------------------------ renewals (local provider)

/**
 * The hourly renewal job of the local provider: every active or past-due subscription whose
 * period has ended is charged for the next month (intro price for the first months, then the full
 * price). Paid: the period moves on a month. Refused: the subscription becomes past due and the
 * brand owner is e-mailed. Each charge is recorded under a unique invoice id, so a rerun (or two
 * nodes at once) never charges a period twice, and a refused period is not retried: the brand pays
 * again with a new card from /plans.
 */
export async function renewDueSubscriptions(ctx: AppContext): Promise<{ paid: number; failed: number }> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'local'),
        inArray(subscriptions.status, ['active', 'past_due']),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(asc(subscriptions.id));
  const tally = { paid: 0, failed: 0 };
  for (const { id } of due) {
    // A subscription left unrenewed for several periods catches up one month at a time.
    for (let i = 0; i < 24; i += 1) {
      const outcome = await renewOnce(ctx, id, now);
      if (outcome === 'paid') tally.paid += 1;
      if (outcome === 'failed') tally.failed += 1;
      if (outcome !== 'paid') break;
    }
  }
  return tally;
}

async function renewOnce(ctx: AppContext, subscriptionId: number, now: Date): Promise<'paid' | 'failed' | 'none'> {
  return ctx.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
      .limit(1)
      .for('update');
    if (!sub || sub.provider !== 'local' || sub.status === 'canceled' || sub.currentPeriodEnd > now) return 'none';
    const periodStart = sub.currentPeriodEnd;
    const invoiceId = localInvoiceId(sub.id, periodStart);
    const [already] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.providerInvoiceId, invoiceId))
      .limit(1);
    if (already) return 'none';
    const [plan] = await tx.select().from(plans).where(eq(plans.id, sub.planId)).limit(1);
    if (!plan) return 'none';
    const month = sub.monthsBilled + 1;
    const amountCents = amountForMonth(plan, month);
    const periodEnd = addMonthsUtc(periodStart, 1);
    const [pm] = sub.paymentMethodId
      ? await tx.select().from(paymentMethods).where(eq(paymentMethods.id, sub.paymentMethodId)).limit(1)
      : [];
    const charge = pm ? chargeLocal(pm, now) : { refusal: MSG.cardDeclined };
    if (charge === 'requires_action') {
      // The bank wants the card holder: the period waits for them (past due meanwhile), and the
      // owner is mailed a link to the page that completes the payment.
      await tx.insert(invoices).values({
        subscriptionId: sub.id,
        amountCents,
        status: 'open',
        periodStart,
        periodEnd,
        providerInvoiceId: invoiceId,
      });
      const [payment] = await tx
        .insert(subscriptionPayments)
        .values({
          id: newPaymentId(),
          userId: sub.userId,
          planId: plan.id,
          kind: 'renewal',
          provider: 'local',
          status: 'requires_action',
          month,
          amountCents,
          paymentMethodId: sub.paymentMethodId,
          providerInvoiceId: invoiceId,
          periodStart,
          periodEnd,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.update(subscriptions).set({ status: 'past_due', updatedAt: now }).where(eq(subscriptions.id, sub.id));
      await mailConfirmPayment(ctx, tx, sub.userId, plan, amountCents, payment!.id);
      return 'failed';
    }
    const refusal = typeof charge === 'object' ? charge.refusal : null;
    await tx.insert(invoices).values({
      subscriptionId: sub.id,
      amountCents,
      status: refusal ? 'failed' : 'paid',
      periodStart,
      periodEnd,
      providerInvoiceId: invoiceId,
      failureMessage: refusal,
    });
    if (refusal) {
      await tx.update(subscriptions).set({ status: 'past_due', updatedAt: now }).where(eq(subscriptions.id, sub.id));
      if (sub.status === 'active') await mailPaymentFailed(ctx, tx, sub.userId, plan, amountCents, refusal);
      return 'failed';
    }
    await tx
      .update(subscriptions)
      .set({
        status: 'active',
        monthsBilled: month,
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id));
    return 'paid';
  });
}

/** Who a subscription mail goes to: the brand owner's address and name. */
async function ownerContact(tx: Tx, userId: number): Promise<{ email: string; name: string } | undefined> {
  const [owner] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return owner;
}

async function mailPaymentFailed(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  plan: PlanRow,
  amountCents: number,
  reason: string,
): Promise<void> {
  const owner = await ownerContact(tx, userId);
  if (!owner) return;
  await queueMail(
    tx,
    paymentFailedMail({
      to: owner.email,
      name: owner.name,
      planTitle: plan.title,
      amountCents,
      reason,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}

/** A renewal waits for 3-D Secure: the owner gets the link to the page that completes it. */
export async function mailConfirmPayment(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  plan: PlanRow,
  amountCents: number,
  paymentId: string,
): Promise<void> {
  const owner = await ownerContact(tx, userId);
  if (!owner) return;
  await queueMail(
    tx,
    confirmPaymentMail({
      to: owner.email,
      name: owner.name,
      planTitle: plan.title,
      amountCents,
      url: `${ctx.config.publicUrl}/plans/confirm/${paymentId}`,
    }),
  );
}

// ------------------------------------------------------------------ webhooks (stripe provider)

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
        await tx
          .update(subscriptionPayments)
          .set({ status: 'canceled', updatedAt: now })
          .where(
            and(
              eq(subscriptionPayments.providerSubscriptionId, event.data.object.id),
              eq(subscriptionPayments.status, 'requires_action'),
            ),
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
  const [payment] = await tx
    .insert(subscriptionPayments)
    .values({
      id: newPaymentId(),
      userId: sub.userId,
      planId: sub.planId,
      kind: 'renewal',
      provider: 'stripe',
      status: 'requires_action',
      month: sub.monthsBilled + 1,
      amountCents: invoice.amount_due,
      paymentMethodId: sub.paymentMethodId,
      providerCustomerId: sub.providerCustomerId,
      providerSubscriptionId: sub.providerSubscriptionId,
      providerInvoiceId: invoice.id,
      periodStart,
      periodEnd: period.end ?? addMonthsUtc(periodStart, 1),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!payment) return;
  await tx.update(subscriptions).set({ status: 'past_due', updatedAt: now }).where(eq(subscriptions.id, sub.id));
  const [plan] = await tx.select().from(plans).where(eq(plans.id, sub.planId)).limit(1);
  if (plan) await mailConfirmPayment(ctx, tx, sub.userId, plan, invoice.amount_due, payment.id);
}

async function subscriptionOfInvoice(tx: Tx, invoice: Stripe.Invoice): Promise<SubscriptionRow | undefined> {
  const providerSubId = subscriptionIdOfInvoice(invoice);
  if (!providerSubId) return undefined;
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubId))
    .limit(1)
    .for('update');
  return sub;
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
  await tx
    .update(subscriptionPayments)
    .set({ status: 'succeeded', failureMessage: null, updatedAt: now })
    .where(eq(subscriptionPayments.providerInvoiceId, invoice.id));
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
  await tx.update(subscriptions).set({ status: 'past_due', updatedAt: now }).where(eq(subscriptions.id, sub.id));
  // The owner was mailed the link to confirm this payment: no second mail about it.
  if (waiting) return;
  const [plan] = await tx.select().from(plans).where(eq(plans.id, sub.planId)).limit(1);
  if (plan) await mailPaymentFailed(ctx, tx, sub.userId, plan, invoice.amount_due, reason);
}
