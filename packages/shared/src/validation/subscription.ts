/**
 * Checkout rules (spec section 5, decisions.md "Money"), written once for the card form and for
 * `POST payment-methods` / `POST subscriptions`. Card messages are the card payment provider's own
 * wording, so the local provider answers exactly what the hosted one would.
 */
import { z } from 'zod';

import { MSG } from '../messages';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** The digits of a card number as typed ("4242 4242 ..." or "4242-4242-..."). */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** How many digits a complete number of this brand has. */
export function cardLengthOf(brand: CardBrand): number {
  return brand === 'amex' ? 15 : 16;
}

export function cvcLengthOf(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The provider's message for a card number, or null when it is complete and valid. */
export function cardNumberError(value: string): string | null {
  const digits = cardDigits(value);
  if (!/^\d*$/.test(digits)) return MSG.cardNumberInvalid;
  const brand = cardBrandOf(digits);
  if (digits.length < cardLengthOf(brand)) return MSG.cardNumberIncomplete;
  if (digits.length > 19 || !luhnValid(digits)) return MSG.cardNumberInvalid;
  return null;
}

/** The provider's message for an expiry, checked against `now` (the server clock or the browser). */
export function cardExpiryError(month: number, year: number, now: Date): string | null {
  if (!Number.isInteger(month) || !Number.isInteger(year)) return MSG.cardExpiryIncomplete;
  if (month < 1 || month > 12) return MSG.cardExpiryMonthInvalid;
  const fullYear = year < 100 ? 2000 + year : year;
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  if (fullYear < nowYear) return MSG.cardExpiryYearPast;
  if (fullYear === nowYear && month < nowMonth) return MSG.cardExpiryDatePast;
  return null;
}

export function cvcError(cvc: string, numberValue: string): string | null {
  const brand = cardBrandOf(cardDigits(numberValue));
  return /^\d+$/.test(cvc) && cvc.length >= cvcLengthOf(brand) && cvc.length <= 4 ? null : MSG.cardCvcIncomplete;
}

/** "MM / YY" (or "MM/YYYY") as typed in the expiry field. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const year = Number(m[2]);
  return { month: Number(m[1]), year: year < 100 ? 2000 + year : year };
}

const cardholderName = z
  .string({ error: () => MSG.cardholderIncomplete })
  .trim()
  .min(1, MSG.cardholderIncomplete)
  .max(100, MSG.cardholderIncomplete);

/**
 * `POST payment-methods` (local provider): `{cardholder_name, number, exp_month, exp_year, cvc}`.
 * The expiry against the current time is checked by `cardExpiryError` with the caller's clock.
 */
export const paymentMethodSchema = z
  .object({
    cardholder_name: cardholderName,
    number: z.string({ error: () => MSG.cardNumberIncomplete }),
    exp_month: z.coerce.number({ error: () => MSG.cardExpiryIncomplete }).int(MSG.cardExpiryMonthInvalid),
    exp_year: z.coerce.number({ error: () => MSG.cardExpiryIncomplete }).int(MSG.cardExpiryIncomplete),
    cvc: z.string({ error: () => MSG.cardCvcIncomplete }).trim(),
  })
  .superRefine((v, ctx) => {
    const numberMsg = cardNumberError(v.number);
    if (numberMsg) ctx.addIssue({ code: 'custom', path: ['number'], message: numberMsg });
    if (v.exp_month < 1 || v.exp_month > 12)
      ctx.addIssue({ code: 'custom', path: ['exp_month'], message: MSG.cardExpiryMonthInvalid });
    const cvcMsg = cvcError(v.cvc, v.number);
    if (cvcMsg) ctx.addIssue({ code: 'custom', path: ['cvc'], message: cvcMsg });
  });
export type PaymentMethodInput = z.input<typeof paymentMethodSchema>;

/**
 * The checkout card form (local provider): the expiry is one "MM / YY" field. `now` is injected so
 * tests and the browser agree on "in the past".
 */
export function checkoutCardFormSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      cardholder_name: cardholderName,
      number: z.string().trim(),
      expiry: z.string().trim(),
      cvc: z.string().trim(),
    })
    .superRefine((v, ctx) => {
      const numberMsg = cardNumberError(v.number);
      if (numberMsg) ctx.addIssue({ code: 'custom', path: ['number'], message: numberMsg });
      const exp = parseExpiry(v.expiry);
      const expMsg = exp ? cardExpiryError(exp.month, exp.year, now()) : MSG.cardExpiryIncomplete;
      if (expMsg) ctx.addIssue({ code: 'custom', path: ['expiry'], message: expMsg });
      const cvcMsg = cvcError(v.cvc, v.number);
      if (cvcMsg) ctx.addIssue({ code: 'custom', path: ['cvc'], message: cvcMsg });
    });
}
export type CheckoutCardFormInput = z.input<ReturnType<typeof checkoutCardFormSchema>>;

/** The form's values as the `POST payment-methods` body. */
export function toPaymentMethodBody(v: CheckoutCardFormInput): PaymentMethodInput {
  const exp = parseExpiry(v.expiry);
  return {
    cardholder_name: v.cardholder_name.trim(),
    number: cardDigits(v.number),
    exp_month: exp?.month ?? 0,
    exp_year: exp?.year ?? 0,
    cvc: v.cvc.trim(),
  };
}

/** `POST subscriptions {selected_plan, payment_method}`. */
export const subscriptionCreateSchema = z.object({
  selected_plan: z.coerce
    .number({ error: () => MSG.required })
    .int(MSG.required)
    .positive(MSG.required),
  payment_method: z
    .string({ error: () => MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(255)
    .regex(/^(pm_[A-Za-z0-9_]+)?$/, MSG.paymentMethodInvalid),
});
export type SubscriptionCreateInput = z.input<typeof subscriptionCreateSchema>;

/** The amount charged for month `n` (1-based) of a plan: the intro price first, then the full price. */
export function monthlyAmountCents(
  plan: { price_cents: number; intro_price_cents: number; intro_months: number },
  month: number,
): number {
  return month <= plan.intro_months ? plan.intro_price_cents : plan.price_cents;
}

function usd(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** "$99 per month for the first 3 months, then $149* per month" (spec section 2, /plans/payment). */
export function planPriceText(plan: { price_cents: number; intro_price_cents: number; intro_months: number }): string {
  if (plan.intro_months <= 0 || plan.intro_price_cents === plan.price_cents)
    return `${usd(plan.price_cents)}* per month`;
  const months = plan.intro_months === 1 ? 'the first month' : `the first ${plan.intro_months} months`;
  return `${usd(plan.intro_price_cents)} per month for ${months}, then ${usd(plan.price_cents)}* per month`;
}
