/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

import { notificationOptions, pageToOpen, pushMessageOf } from '../lib/pwa/push-notification';

/**
 * The service worker (issue 29; docs/decisions/019-on-the-phone.md, docs/security.md "What the
 * service worker may cache"). It keeps the build, nothing else:
 * - the page and every built asset, precached by Workbox (the list is written in at build time), so
 *   the app opens offline; a page of the app is always the one index.html;
 * - no API answer and no uploaded file: those requests go to the network untouched (the visit pass
 *   keeps its one answer itself, per sign-in, and sign-out deletes it: lib/pwa/offline-pass.ts);
 * - a new version waits until the page says so (SKIP_WAITING, "A new version is ready" then Reload);
 * - a push shows its notification, and a click opens the notification's page of the app.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/files\//] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Takes the open pages at once: the first visit is served offline from then on, and after an update
// the pages reload into the new version (lib/pwa/register-service-worker.ts).
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    // Not JSON: not one of ours.
  }
  const message = pushMessageOf(data);
  if (!message) return;
  event.waitUntil(self.registration.showNotification(message.title, notificationOptions(message)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = pageToOpen((event.notification.data as { link?: unknown } | null)?.link, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        // A window this worker does not control cannot be navigated from here: open a new one then.
        const navigated = await open.navigate(target).catch(() => null);
        if (navigated) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
