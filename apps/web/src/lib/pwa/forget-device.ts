import { forgetOfflineData } from './offline-data';
import { currentPushSubscription, setPushOwner } from './push-device';

/**
 * At sign-out, before the token is revoked: this device keeps nothing of the user's and receives
 * none of their notifications. The answers kept offline are deleted, the push subscription is
 * removed on the server (with the token, while it still works) and in the browser. The server drops
 * the subscription with the sign-in anyway (docs/security.md), so a failure here leaks nothing.
 */
export async function forgetDevice(token: string): Promise<void> {
  await forgetOfflineData();
  setPushOwner(null);
  const subscription = await currentPushSubscription().catch(() => null);
  if (!subscription) return;
  await fetch('/api/v1/push/subscriptions', {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
