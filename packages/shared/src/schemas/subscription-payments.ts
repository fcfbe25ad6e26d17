/**
 * Payments that wait for the card holder (3-D Secure), and the answers of the checkout: the wire
 * shapes of `POST subscriptions`, `GET subscriptions/payments/{id}` and
 * `POST subscriptions/payments/{id}/authenticate` (local provider), shared by the API and the web app.
 */
import { z } from 'zod';

import { SUBSCRIPTION_STATUSES } from '../statuses';

export const SUBSCRIPTION_PAYMENT_STATUSES = ['requires_action', 'succeeded', 'failed', 'canceled'] as const;
export type SubscriptionPaymentStatus = (typeof SUBSCRIPTION_PAYMENT_STATUSES)[number];

export const subscriptionPaymentResourceSchema = z.object({
  /** Random (`pay_...`): it is the link mailed to the brand. */
  id: z.string(),
  /** The first payment of a checkout, or a monthly renewal the bank wants authenticated. */
  kind: z.enum(['checkout', 'renewal']),
  status: z.enum(SUBSCRIPTION_PAYMENT_STATUSES),
  provider: z.enum(['local', 'stripe']),
  amount_cents: z.int(),
  plan: z.object({ id: z.int(), title: z.string() }),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Hosted provider, while the payment waits: what Stripe.js confirms. Never stored by us. */
  client_secret: z.string().nullable(),
  failure_message: z.string().nullable(),
  created_at: z.string(),
});
export type SubscriptionPaymentResource = z.infer<typeof subscriptionPaymentResourceSchema>;

export const subscriptionStatusResourceSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan_id: z.int().nullable(),
});

/**
 * `POST subscriptions`: 201 `{status: 'active', plan_id}` when the first month is paid at once;
 * 202 with `payment` when the card holder must confirm it first (the subscription is not active yet).
 */
export const subscriptionCheckoutResourceSchema = subscriptionStatusResourceSchema.extend({
  payment: subscriptionPaymentResourceSchema.optional(),
});
export type SubscriptionCheckoutResource = z.infer<typeof subscriptionCheckoutResourceSchema>;

/** `POST subscriptions/payments/{id}/authenticate` (local provider): the answer on its test challenge. */
export const paymentAuthenticateSchema = z.object({
  result: z.enum(['complete', 'fail'], { error: () => 'The result must be complete or fail.' }),
});
export type PaymentAuthenticateInput = z.input<typeof paymentAuthenticateSchema>;
