/**
 * What a push says (the JSON the API's push:deliver job encrypts, apps/api/src/modules/push/
 * deliver-push.ts) and how the service worker shows it. No DOM and no worker types here: the service
 * worker and the tests both use it.
 */
export interface PushMessage {
  id: number;
  title: string;
  body: string;
  /** A path of the app: the page the notification opens. */
  link: string;
}

/** The message in a push's data, or null for anything else (a push from an older server, a test). */
export function pushMessageOf(data: unknown): PushMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (typeof m.title !== 'string' || !m.title) return null;
  return {
    id: typeof m.id === 'number' ? m.id : 0,
    title: m.title,
    body: typeof m.body === 'string' ? m.body : '',
    link: typeof m.link === 'string' ? m.link : '/',
  };
}

/** The options of `showNotification`: the text, the app's icon, one notification per id. */
export function notificationOptions(m: PushMessage): NotificationOptions & { data: { link: string } } {
  return {
    body: m.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    tag: `notification-${m.id}`,
    data: { link: m.link },
  };
}

/**
 * The address a click opens: the notification's page when it is a page of this app, else the home
 * page. A notification never sends the user to another site, whatever its data says.
 */
export function pageToOpen(link: unknown, origin: string): string {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) {
    return `${origin}/`;
  }
  try {
    const url = new URL(link, origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
