import type { SubscriptionCheckoutResource } from '@comped/shared/schemas/subscription-payments';
import type { SubscriptionCreateInput } from '@comped/shared/validation/subscription';

import { apiParse } from '../../../lib/api-client';

/**
 * POST subscriptions {selected_plan, payment_method}: 201 when the first month is paid; 202 with
 * `payment` when the card holder must confirm it first (3-D Secure).
 */
export async function createSubscription(body: SubscriptionCreateInput): Promise<SubscriptionCheckoutResource> {
  return (await apiParse('subscriptions', 'subscriptionCheckout', { method: 'POST', body })).data;
}
