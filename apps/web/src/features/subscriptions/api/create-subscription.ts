import type { SubscriptionCheckoutResource } from '@comped/shared/schemas/subscription-payments';
import type { SubscriptionStatus } from '@comped/shared/statuses';
import type { SubscriptionCreateInput } from '@comped/shared/validation/subscription';
import { api } from '../../../lib/api-client';

export interface SubscriptionStatusResource {
  status: SubscriptionStatus;
  plan_id: number | null;
}

/**
 * POST subscriptions {selected_plan, payment_method}: 201 when the first month is paid; 202 with
 * `payment` when the card holder must confirm it first (3-D Secure).
 */
export function createSubscription(body: SubscriptionCreateInput): Promise<SubscriptionCheckoutResource> {
  return api<{ data: SubscriptionCheckoutResource }>('subscriptions', { method: 'POST', body }).then((r) => r.data);
}
