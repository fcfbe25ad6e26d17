import type { SubscriptionStatus } from '@comped/shared/statuses';
import type { SubscriptionCreateInput } from '@comped/shared/validation/subscription';
import { api } from '../../../lib/api-client';

export interface SubscriptionStatusResource {
  status: SubscriptionStatus;
  plan_id: number | null;
}

/** POST subscriptions {selected_plan, payment_method}: charges the first month. */
export function createSubscription(body: SubscriptionCreateInput): Promise<SubscriptionStatusResource> {
  return api<{ data: SubscriptionStatusResource }>('subscriptions', { method: 'POST', body }).then((r) => r.data);
}
