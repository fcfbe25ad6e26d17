import { api } from '../../../lib/api-client';

/** DELETE push/subscriptions: this browser stops receiving the user's notifications. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await api('push/subscriptions', { method: 'DELETE', body: { endpoint } });
}
