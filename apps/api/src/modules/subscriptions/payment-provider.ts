import type { DbOrTx } from '../../db/client';
import type { plans, subscriptions } from '../../db/schema';
import type { AppError } from '../../lib/app-error';
import { appError } from '../../lib/app-error';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A refusal by the card provider: 422 with its message, on the field the card came from. */
export function cardError(message: string, field = 'payment_method'): AppError {
  return appError('card_declined', { field, message });
}

export interface StartSubscriptionInput {
  user: { id: number; email: string; name: string };
  plan: PlanRow;
  paymentMethodId: string;
  /** The user's subscription row when one exists (past_due or canceled: it is started again). */
  existing: SubscriptionRow | undefined;
  /** Which month of the plan this first charge pays (1 for a new subscription). */
  month: number;
  amountCents: number;
  now: Date;
}

export interface StartSubscriptionResult {
  customerId: string | null;
  subscriptionId: string | null;
  /** The provider's id of the first invoice; null lets the caller name it (local provider). */
  invoiceId: string | null;
  amountCents: number;
  periodStart: Date;
  periodEnd: Date;
  card: { brand: string; last4: string };
}

/** The first payment waits for the card holder (3-D Secure): the subscription is not active yet. */
export interface RequiresActionResult {
  customerId: string | null;
  subscriptionId: string | null;
  /** The provider's invoice the payment pays (null on the local provider). */
  invoiceId: string | null;
  /** What Stripe.js confirms on the page (hosted provider only). */
  clientSecret: string | null;
  amountCents: number;
  card: { brand: string; last4: string } | null;
}

export type StartSubscriptionOutcome =
  { kind: 'paid'; result: StartSubscriptionResult } | { kind: 'requires_action'; pending: RequiresActionResult };

/**
 * The card payment provider behind one interface (decisions.md "Money"): `local` works offline and
 * simulates the hosted provider's test cards; `stripe` calls the real provider. A start either
 * charges the first month at once (`paid`), or leaves a payment the card holder confirms on the page
 * (`requires_action`: 3-D Secure), or throws `cardError` when the card is refused. The
 * checkout (checkout.ts) records the outcome in the database.
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  startSubscription(db: DbOrTx, input: StartSubscriptionInput): Promise<StartSubscriptionOutcome>;
  /** Cancels a subscription started at the provider that we do not keep (hosted providers only). */
  abandon?(providerSubscriptionId: string): Promise<void>;
}

/** One calendar month later (31 Jan + 1 month = 28/29 Feb), in UTC. */
export function addMonthsUtc(instant: Date, months: number): Date {
  const d = new Date(instant.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}
