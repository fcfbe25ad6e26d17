/**
 * Web push on this device (the browser's Push API): whether it can receive notifications, its
 * subscription, subscribing and unsubscribing. The API side is features/settings/api/.
 */
export type PushAvailability = 'unsupported' | 'denied' | 'available';

/**
 * Who turned notifications on in this browser (a user id): Settings shows the switch "on" only for
 * them, so a subscription left by someone who used this browser before is never taken as this
 * user's choice.
 */
const OWNER_KEY = 'comped.push-user';

export function pushOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

export function setPushOwner(userId: number | null): void {
  try {
    if (userId === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, String(userId));
  } catch {
    // No storage: the switch reads "off" at the next visit; notifications still arrive.
  }
}

/** How long to wait for the service worker before saying push cannot be set up right now. */
const READY_MS = 10_000;

export function pushAvailability(): PushAvailability {
  if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined' || typeof Notification === 'undefined') {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('The app is not ready for notifications yet.')), READY_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's push subscription, or null (none, or push is not available here). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushAvailability() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (the user just tapped the switch: never on load), then subscribes this browser
 * with the server's VAPID key. Null when the user did not allow notifications.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON | null> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const registration = await readyRegistration();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return subscription.toJSON();
}
