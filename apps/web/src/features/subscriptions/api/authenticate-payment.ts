import type {
  PaymentAuthenticateInput,
  SubscriptionPaymentResource,
} from '@comped/shared/schemas/subscription-payments';
import { api } from '../../../lib/api-client';

/** POST subscriptions/payments/{id}/authenticate (local provider): the answer on the test challenge. */
export function authenticatePayment(id: string, body: PaymentAuthenticateInput): Promise<SubscriptionPaymentResource> {
  return api<{ data: SubscriptionPaymentResource }>(`subscriptions/payments/${encodeURIComponent(id)}/authenticate`, {
    method: 'POST',
    body,
  }).then((r) => r.data);
}
