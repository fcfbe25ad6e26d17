import type { SubscriptionPaymentResource } from '../schemas/subscription-payments';
import { subscriptionPaymentResourceSchema } from '../schemas/subscription-payments';

/** A payment waiting for 3-D Secure, as GET subscriptions/payments/{id} answers it (checked by the schema). */
export function makeSubscriptionPayment(over: Partial<SubscriptionPaymentResource> = {}): SubscriptionPaymentResource {
  return subscriptionPaymentResourceSchema.parse({
    id: 'pay_0123456789abcdef0123456789abcdef',
    kind: 'checkout',
    status: 'requires_action',
    provider: 'local',
    amount_cents: 9900,
    plan: { id: 7, title: 'Brand Plan' },
    card: { brand: 'visa', last4: '3184' },
    client_secret: null,
    failure_message: null,
    created_at: '2026-03-10T12:00:00.000Z',
    ...over,
  });
}
