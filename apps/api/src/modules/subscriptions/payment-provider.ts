import type { DbOrTx } from '../../db/client';
import type { plans, subscriptions } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A refusal by the card provider: 422 with its message, on the field the card came from. */
export class CardError extends HttpError {
  constructor(
    message: string,
    readonly field: string = 'payment_method',
  ) {
    super(422, message, { [field]: [message] });
  }
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

/**
 * The card payment provider behind one interface (decisions.md "Money"): `local` works offline and
 * simulates the hosted provider's test cards; `stripe` calls the real provider. Both charge the
 * first month when the subscription starts and throw `CardError` when the card is refused; the
 * subscriptions service records the result in the database.
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  startSubscription(db: DbOrTx, input: StartSubscriptionInput): Promise<StartSubscriptionResult>;
  /** Undoes a start whose result could not be recorded (hosted providers; the local one has nothing to undo). */
  abandon?(result: StartSubscriptionResult): Promise<void>;
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
