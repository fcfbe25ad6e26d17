import { describe, expect, it } from 'vitest';

import { MSG } from '../messages';
import {
  cardBrandOf,
  cardExpiryError,
  cardNumberError,
  checkoutCardFormSchema,
  luhnValid,
  monthlyAmountCents,
  parseExpiry,
  paymentMethodSchema,
  planPriceText,
  subscriptionCreateSchema,
  toPaymentMethodBody,
} from './subscription';

const NOW = new Date('2026-03-10T12:00:00Z');
const plan = { price_cents: 14900, intro_price_cents: 9900, intro_months: 3 };

describe('card rules', () => {
  it('checks Luhn and knows the four accepted brands', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
  });

  it("uses the provider's messages for numbers, expiry dates and codes", () => {
    expect(cardNumberError('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberError('4242 4242')).toBe(MSG.cardNumberIncomplete);
    expect(cardNumberError('')).toBe(MSG.cardNumberIncomplete);
    expect(cardNumberError('4242 4242 4242 4241')).toBe(MSG.cardNumberInvalid);
    expect(cardExpiryError(3, 2026, NOW)).toBeNull();
    expect(cardExpiryError(2, 2026, NOW)).toBe(MSG.cardExpiryDatePast);
    expect(cardExpiryError(12, 2025, NOW)).toBe(MSG.cardExpiryYearPast);
    expect(cardExpiryError(13, 2030, NOW)).toBe(MSG.cardExpiryMonthInvalid);
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('1/2031')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('12 /')).toBeNull();
  });

  it('the form schema and the API schema agree on one card', () => {
    const form = { cardholder_name: ' Ada ', number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };
    expect(checkoutCardFormSchema(() => NOW).safeParse(form).success).toBe(true);
    const body = toPaymentMethodBody(form);
    expect(body).toEqual({
      cardholder_name: 'Ada',
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    expect(paymentMethodSchema.safeParse(body).success).toBe(true);
    const blank = paymentMethodSchema.safeParse({ ...body, cardholder_name: ' ' });
    expect(blank.error?.issues[0]?.message).toBe(MSG.cardholderIncomplete);
  });

  it('a subscription needs a plan and a payment method id', () => {
    expect(subscriptionCreateSchema.safeParse({ selected_plan: '1', payment_method: 'pm_123' }).success).toBe(true);
    const bad = subscriptionCreateSchema.safeParse({ selected_plan: 1, payment_method: 'card_123' });
    expect(bad.error?.issues[0]?.message).toBe(MSG.paymentMethodInvalid);
  });
});

describe('plan prices', () => {
  it('charges the intro price for the first months, then the full price', () => {
    expect([1, 2, 3, 4, 12].map((m) => monthlyAmountCents(plan, m))).toEqual([9900, 9900, 9900, 14900, 14900]);
  });

  it('reads as the checkout page shows it', () => {
    expect(planPriceText(plan)).toBe('$99 per month for the first 3 months, then $149* per month');
    expect(planPriceText({ ...plan, intro_months: 1 })).toBe('$99 per month for the first month, then $149* per month');
    expect(planPriceText({ ...plan, intro_months: 0 })).toBe('$149* per month');
  });
});
