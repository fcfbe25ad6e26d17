import { MSG } from '@comped/shared/messages';
import Stripe from 'stripe';

import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { appError } from '../../lib/app-error';
import type { PaymentProvider, StartSubscriptionInput, StartSubscriptionOutcome } from './payment-provider';
import { addMonthsUtc, cardError } from './payment-provider';

/** The official SDK, pointed at `STRIPE_API_BASE` when set (tests run a local server that speaks the API). */
export function createStripeClient(payment: Config['payment']): Stripe {
  if (!payment.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  const base = payment.stripeApiBase ? new URL(payment.stripeApiBase) : null;
  return new Stripe(payment.stripeSecretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'Comped' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

/**
 * The provider's words for the user. The SDK's `message` puts its request id in front
 * ("[req_…] Your card was declined."), which belongs in a log, not on the card form.
 */
function providerMessage(err: Stripe.errors.StripeError): string {
  const raw = err.raw as { message?: unknown } | null | undefined;
  return typeof raw?.message === 'string' && raw.message.length > 0 ? raw.message : MSG.cardDeclined;
}

/** Seconds since the epoch (the provider's timestamps) to a Date. */
function fromUnix(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

/** A subscription's current period: on the subscription in older API versions, on its items since 2025. */
export function periodOfSubscription(sub: Stripe.Subscription): { start: Date | null; end: Date | null } {
  const loose = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const item = sub.items?.data?.[0] as unknown as { current_period_start?: number; current_period_end?: number };
  return {
    start: fromUnix(loose.current_period_start ?? item?.current_period_start),
    end: fromUnix(loose.current_period_end ?? item?.current_period_end),
  };
}

/** The subscription an invoice bills: `parent.subscription_details` since 2025, `subscription` before. */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const loose = invoice as unknown as {
    subscription?: string | { id: string } | null;
    parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
  };
  const ref = loose.parent?.subscription_details?.subscription ?? loose.subscription ?? null;
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

/** The period an invoice pays: its line's period (the invoice's own fields describe the previous one). */
export function periodOfInvoice(invoice: Stripe.Invoice): { start: Date | null; end: Date | null } {
  const line = invoice.lines?.data?.[0];
  return {
    start: fromUnix(line?.period?.start ?? invoice.period_start),
    end: fromUnix(line?.period?.end ?? invoice.period_end),
  };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    readonly stripe: Stripe,
    private readonly payment: Config['payment'],
  ) {}

  async abandon(providerSubscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.cancel(providerSubscriptionId);
  }

  /** The client secret of an invoice that waits for the card holder (expanded on request only). */
  async clientSecretOfInvoice(invoiceId: string): Promise<string | null> {
    const invoice = await this.stripe.invoices.retrieve(invoiceId, { expand: ['confirmation_secret'] });
    return invoice.status === 'open' ? (invoice.confirmation_secret?.client_secret ?? null) : null;
  }

  /** The card that paid a subscription (its default payment method), for the brand's records. */
  async cardOfSubscription(providerSubscriptionId: string): Promise<{ brand: string; last4: string } | null> {
    const sub = await this.stripe.subscriptions.retrieve(providerSubscriptionId, {
      expand: ['default_payment_method'],
    });
    const pm = typeof sub.default_payment_method === 'object' ? sub.default_payment_method : null;
    return pm?.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null;
  }

  /**
   * Customer (created once), the card attached, and the Subscription created `default_incomplete`:
   * its first invoice waits for the page to confirm the payment with Stripe.js (3-D Secure when the
   * bank asks), and the `invoice.paid` webhook activates it. A card refused when attached is a 422.
   */
  async startSubscription(_db: DbOrTx, input: StartSubscriptionInput): Promise<StartSubscriptionOutcome> {
    const price = input.plan.stripePriceId ?? this.payment.stripePriceId;
    if (!price) throw appError('server_error', { message: MSG.planWithoutPrice });
    // Keys tie each create to this user and card: a double click or a retry never starts two.
    const key = `comped:${input.user.id}:${input.paymentMethodId}:m${input.month}`;
    try {
      const customerId =
        input.existing?.providerCustomerId ??
        (
          await this.stripe.customers.create(
            { email: input.user.email, name: input.user.name, metadata: { user_id: String(input.user.id) } },
            { idempotencyKey: `${key}:customer` },
          )
        ).id;
      const pm = await this.stripe.paymentMethods.attach(
        input.paymentMethodId,
        { customer: customerId },
        { idempotencyKey: `${key}:attach:${customerId}` },
      );
      // A past_due subscription is replaced by a fresh one on the new card.
      if (input.existing?.providerSubscriptionId && input.existing.status !== 'canceled') {
        await this.stripe.subscriptions.cancel(input.existing.providerSubscriptionId).catch(() => undefined);
      }
      const useIntroCoupon = input.month <= input.plan.introMonths && this.payment.stripeIntroCoupon;
      const sub = await this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price }],
          default_payment_method: pm.id,
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
          ...(useIntroCoupon ? { discounts: [{ coupon: this.payment.stripeIntroCoupon as string }] } : {}),
          metadata: { user_id: String(input.user.id), plan_id: String(input.plan.id) },
          expand: ['latest_invoice.confirmation_secret'],
        },
        { idempotencyKey: `${key}:subscription` },
      );
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      const invoiceId = invoice?.id ?? (typeof sub.latest_invoice === 'string' ? sub.latest_invoice : null);
      const card = { brand: pm.card?.brand ?? 'card', last4: pm.card?.last4 ?? '' };
      if (sub.status === 'active' || sub.status === 'trialing') {
        // Nothing to confirm (e.g. a 100% coupon): active at once.
        const period = periodOfSubscription(sub);
        return {
          kind: 'paid',
          result: {
            customerId,
            subscriptionId: sub.id,
            invoiceId,
            amountCents: invoice?.amount_paid ?? input.amountCents,
            periodStart: period.start ?? input.now,
            periodEnd: period.end ?? addMonthsUtc(input.now, 1),
            card,
          },
        };
      }
      if (sub.status !== 'incomplete' || !invoiceId) throw cardError(MSG.cardDeclined);
      return {
        kind: 'requires_action',
        pending: {
          customerId,
          subscriptionId: sub.id,
          invoiceId,
          clientSecret: invoice?.confirmation_secret?.client_secret ?? null,
          amountCents: invoice?.amount_due ?? input.amountCents,
          card,
        },
      };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) throw cardError(providerMessage(err));
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.param === 'payment_method')
        throw cardError(providerMessage(err));
      throw err;
    }
  }
}
