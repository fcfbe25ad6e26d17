import { dataOf } from '@comped/shared/schemas/envelopes';
import type {
  PaymentAuthenticateInput,
  SubscriptionPaymentResource,
} from '@comped/shared/schemas/subscription-payments';

import { apiParse, lazySchema } from '../../../lib/api-client';

const paymentAnswerSchema = lazySchema(
  () => import('@comped/shared/schemas/subscription-payments'),
  (m) => dataOf(m.subscriptionPaymentResourceSchema),
);

/** POST subscriptions/payments/{id}/authenticate (local provider): the answer on the test challenge. */
export async function authenticatePayment(
  id: string,
  body: PaymentAuthenticateInput,
): Promise<SubscriptionPaymentResource> {
  const path = `subscriptions/payments/${encodeURIComponent(id)}/authenticate`;
  return (await apiParse(path, paymentAnswerSchema, { method: 'POST', body })).data;
}
