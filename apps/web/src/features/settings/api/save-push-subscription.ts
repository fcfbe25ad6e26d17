import type { PushSubscriptionInput } from '@comped/shared/validation/push';

import { api } from '../../../lib/api-client';

/** POST push/subscriptions: this browser receives the user's notifications (201 new, 204 already there). */
export async function savePushSubscription(subscription: PushSubscriptionInput): Promise<void> {
  await api('push/subscriptions', {
    method: 'POST',
    body: { endpoint: subscription.endpoint, keys: subscription.keys },
  });
}
