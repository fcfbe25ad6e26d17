import type {
  PaymentAuthenticateInput,
  SubscriptionPaymentResource,
} from '@comped/shared/schemas/subscription-payments';

import { apiParse } from '../../../lib/api-client';

/** POST subscriptions/payments/{id}/authenticate (local provider): the answer on the test challenge. */
export async function authenticatePayment(
  id: string,
  body: PaymentAuthenticateInput,
): Promise<SubscriptionPaymentResource> {
  const path = `subscriptions/payments/${encodeURIComponent(id)}/authenticate`;
  return (await apiParse(path, 'subscriptionPayment', { method: 'POST', body })).data;
}
