import { randomBytes } from 'node:crypto';

import { MSG } from '@comped/shared/messages';
import type { PaymentMethodInput } from '@comped/shared/validation/subscription';
import { cardBrandOf, cardDigits, cardExpiryError, paymentMethodSchema } from '@comped/shared/validation/subscription';
import { and, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { paymentMethods } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type {
  PaymentProvider,
  StartSubscriptionInput,
  StartSubscriptionOutcome,
  StartSubscriptionResult,
} from './payment-provider';
import { addMonthsUtc, cardError } from './payment-provider';

/**
 * What a charge on a card does, by the hosted provider's public test numbers (decisions.md):
 * other Luhn-valid numbers succeed.
 */
export type CardOutcome =
  | 'succeeds'
  | 'declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  /** 3-D Secure on every payment, the first and each renewal (the provider's 4000 0027 6000 3184). */
  | 'requires_authentication';

const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000002760003184': 'requires_authentication',
};

const OUTCOME_MESSAGE: Record<Exclude<CardOutcome, 'succeeds' | 'requires_authentication'>, string> = {
  declined: MSG.cardDeclined,
  insufficient_funds: MSG.cardInsufficientFunds,
  expired_card: MSG.cardExpired,
  incorrect_cvc: MSG.cardCvcIncorrect,
};

export function outcomeOf(number: string): CardOutcome {
  return TEST_CARDS[cardDigits(number)] ?? 'succeeds';
}

/** The refusal message of an outcome, or null when the charge goes through (perhaps after 3-D Secure). */
export function refusalOf(outcome: string): string | null {
  if (outcome === 'succeeds' || outcome === 'requires_authentication') return null;
  return OUTCOME_MESSAGE[outcome as keyof typeof OUTCOME_MESSAGE] ?? MSG.cardDeclined;
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
    throw appError('validation_failed', { field: field, message: issue?.message ?? MSG.validationFailed });
  }
  const card = parsed.data;
  const expiryMsg = cardExpiryError(card.exp_month, card.exp_year, now);
  if (expiryMsg)
    throw appError('validation_failed', {
      field: expiryMsg === MSG.cardExpiryYearPast ? 'exp_year' : 'exp_month',
      message: expiryMsg,
    });
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
  if (!pm) throw cardError(MSG.paymentMethodInvalid);
  return pm;
}

/**
 * A simulated charge: refused (with the provider's message), waiting for 3-D Secure, or paid. An
 * expired card is refused too.
 */
export type LocalCharge = { refusal: string } | 'requires_action' | 'paid';

export function chargeLocal(pm: PaymentMethodRow, now: Date): LocalCharge {
  const refusal = refusalOf(pm.outcome);
  if (refusal) return { refusal };
  if (cardExpiryError(pm.expMonth, pm.expYear, now)) return { refusal: MSG.cardExpired };
  return pm.outcome === 'requires_authentication' ? 'requires_action' : 'paid';
}

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  async startSubscription(db: DbOrTx, input: StartSubscriptionInput): Promise<StartSubscriptionOutcome> {
    const pm = await paymentMethodOf(db, input.user.id, input.paymentMethodId);
    const charge = chargeLocal(pm, input.now);
    if (typeof charge === 'object') throw cardError(charge.refusal);
    const card = { brand: pm.brand, last4: pm.last4 };
    if (charge === 'requires_action') {
      // The page shows the test challenge; POST subscriptions/payments/{id}/authenticate answers it.
      return {
        kind: 'requires_action',
        pending: {
          customerId: null,
          subscriptionId: null,
          invoiceId: null,
          clientSecret: null,
          amountCents: input.amountCents,
          card,
        },
      };
    }
    return { kind: 'paid', result: localPaidResult(input.amountCents, input.now, card) };
  }
}

/** A first month paid on the local provider: one month from now. */
export function localPaidResult(
  amountCents: number,
  now: Date,
  card: { brand: string; last4: string },
): StartSubscriptionResult {
  return {
    customerId: null,
    subscriptionId: null,
    invoiceId: null,
    amountCents,
    periodStart: now,
    periodEnd: addMonthsUtc(now, 1),
    card,
  };
}
