import { MSG } from '@comped/shared/messages';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { invoices, paymentMethods, subscriptions } from '../../db/schema';
import { localInvoiceId } from './checkout';
import { chargeLocal } from './local-provider';
import type { PlanRow } from './payment-provider';
import { addMonthsUtc } from './payment-provider';
import { amountForMonth } from './plans';
import { insertWaitingPayment, lockSubscription, markPastDue, planById, queueOwnerMail } from './subscription-records';
import { confirmPaymentMail, paymentFailedMail } from './subscriptions.mails';

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
    const sub = await lockSubscription(tx, eq(subscriptions.id, subscriptionId));
    if (!sub || sub.provider !== 'local' || sub.status === 'canceled' || sub.currentPeriodEnd > now) return 'none';
    const periodStart = sub.currentPeriodEnd;
    const invoiceId = localInvoiceId(sub.id, periodStart);
    const [already] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.providerInvoiceId, invoiceId))
      .limit(1);
    if (already) return 'none';
    const plan = await planById(tx, sub.planId);
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
      const payment = await insertWaitingPayment(
        tx,
        {
          userId: sub.userId,
          planId: plan.id,
          kind: 'renewal',
          provider: 'local',
          month,
          amountCents,
          paymentMethodId: sub.paymentMethodId,
          providerInvoiceId: invoiceId,
          periodStart,
          periodEnd,
        },
        now,
      );
      await markPastDue(tx, sub.id, now);
      await queueConfirmPaymentMail(ctx, tx, sub.userId, plan, amountCents, payment!.id);
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
      await markPastDue(tx, sub.id, now);
      if (sub.status === 'active') await queuePaymentFailedMail(ctx, tx, sub.userId, plan, amountCents, refusal);
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

/** A renewal charge was refused: the owner is told the subscription is past due. */
export async function queuePaymentFailedMail(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  plan: PlanRow,
  amountCents: number,
  reason: string,
): Promise<void> {
  await queueOwnerMail(tx, userId, (owner) =>
    paymentFailedMail({
      ...owner,
      to: owner.email,
      planTitle: plan.title,
      amountCents,
      reason,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}

/** A renewal waits for 3-D Secure: the owner gets the link to the page that completes it. */
export async function queueConfirmPaymentMail(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  plan: PlanRow,
  amountCents: number,
  paymentId: string,
): Promise<void> {
  await queueOwnerMail(tx, userId, (owner) =>
    confirmPaymentMail({
      ...owner,
      to: owner.email,
      planTitle: plan.title,
      amountCents,
      url: `${ctx.config.publicUrl}/plans/confirm/${paymentId}`,
    }),
  );
}
