import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@comped/shared/messages';
import { cardBrandOf, cardDigits, cardExpiryError, paymentMethodSchema } from '@comped/shared/validation/subscription';
import type { PaymentMethodInput } from '@comped/shared/validation/subscription';
import type { DbOrTx } from '../../db/client';
import { paymentMethods } from '../../db/schema';
import { fieldError } from '../../lib/http-errors';
import { addMonthsUtc, CardError } from './payment-provider';
import type { PaymentProvider, StartSubscriptionInput, StartSubscriptionResult } from './payment-provider';

/**
 * What a charge on a card does, by the hosted provider's public test numbers (decisions.md):
 * other Luhn-valid numbers succeed.
 */
export type CardOutcome = 'succeeds' | 'declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc';

const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
};

const OUTCOME_MESSAGE: Record<Exclude<CardOutcome, 'succeeds'>, string> = {
  declined: MSG.cardDeclined,
  insufficient_funds: MSG.cardInsufficientFunds,
  expired_card: MSG.cardExpired,
  incorrect_cvc: MSG.cardCvcIncorrect,
};

export function outcomeOf(number: string): CardOutcome {
  return TEST_CARDS[cardDigits(number)] ?? 'succeeds';
}

/** The refusal message of an outcome, or null when the charge goes through. */
export function refusalOf(outcome: string): string | null {
  return outcome === 'succeeds' ? null : (OUTCOME_MESSAGE[outcome as keyof typeof OUTCOME_MESSAGE] ?? MSG.cardDeclined);
}

/**
 * `POST payment-methods` on the local provider: checks the card as the hosted provider's
 * createPaymentMethod would and keeps only what that provider would show back (brand, last 4,
 * expiry, cardholder name) plus the simulated outcome. The full number and the CVC are never kept.
 */
export async function createLocalPaymentMethod(
  db: DbOrTx,
  userId: number,
  body: PaymentMethodInput,
  now: Date,
): Promise<{ id: string }> {
  const parsed = paymentMethodSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'number');
    throw fieldError(field, issue?.message ?? MSG.validationFailed);
  }
  const card = parsed.data;
  const expiryMsg = cardExpiryError(card.exp_month, card.exp_year, now);
  if (expiryMsg) throw fieldError(expiryMsg === MSG.cardExpiryYearPast ? 'exp_year' : 'exp_month', expiryMsg);
  const digits = cardDigits(card.number);
  const id = `pm_${randomBytes(12).toString('hex')}`;
  await db.insert(paymentMethods).values({
    id,
    userId,
    cardholderName: card.cardholder_name,
    brand: cardBrandOf(digits),
    last4: digits.slice(-4),
    expMonth: card.exp_month,
    expYear: card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year,
    outcome: outcomeOf(digits),
  });
  return { id };
}

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** A saved card of this user, or a 422 on payment_method (another user's card is not visible). */
export async function paymentMethodOf(db: DbOrTx, userId: number, id: string): Promise<PaymentMethodRow> {
  const [pm] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .limit(1);
  if (!pm) throw new CardError(MSG.paymentMethodInvalid);
  return pm;
}

/** A simulated charge: the refusal message, or null when paid. An expired card is refused too. */
export function chargeLocal(pm: PaymentMethodRow, now: Date): string | null {
  const refusal = refusalOf(pm.outcome);
  if (refusal) return refusal;
  if (cardExpiryError(pm.expMonth, pm.expYear, now)) return MSG.cardExpired;
  return null;
}

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  async startSubscription(db: DbOrTx, input: StartSubscriptionInput): Promise<StartSubscriptionResult> {
    const pm = await paymentMethodOf(db, input.user.id, input.paymentMethodId);
    const refusal = chargeLocal(pm, input.now);
    if (refusal) throw new CardError(refusal);
    return {
      customerId: null,
      subscriptionId: null,
      invoiceId: null,
      amountCents: input.amountCents,
      periodStart: input.now,
      periodEnd: addMonthsUtc(input.now, 1),
      card: { brand: pm.brand, last4: pm.last4 },
    };
  }
}
