import { dataOf } from '@comped/shared/schemas/envelopes';
import type { SubscriptionCheckoutResource } from '@comped/shared/schemas/subscription-payments';
import type { SubscriptionCreateInput } from '@comped/shared/validation/subscription';

import { apiParse, lazySchema } from '../../../lib/api-client';

const checkoutAnswerSchema = lazySchema(
  () => import('@comped/shared/schemas/subscription-payments'),
  (m) => dataOf(m.subscriptionCheckoutResourceSchema),
);

/**
 * POST subscriptions {selected_plan, payment_method}: 201 when the first month is paid; 202 with
 * `payment` when the card holder must confirm it first (3-D Secure).
 */
export async function createSubscription(body: SubscriptionCreateInput): Promise<SubscriptionCheckoutResource> {
  return (await apiParse('subscriptions', checkoutAnswerSchema, { method: 'POST', body })).data;
}
