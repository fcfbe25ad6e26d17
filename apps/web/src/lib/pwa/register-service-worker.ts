/// <reference types="vite-plugin-pwa/client" />
// Listens for the browser's install offer from now on (the media dashboard's hint).
import './install-prompt';

import { registerSW } from 'virtual:pwa-register';

/** How often an open app asks whether a new version was deployed. */
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * Every open page of the app reloads when a new version takes over from the one that served it, so
 * none stays on the old build. Not when the first install takes over a page on the first visit:
 * nothing changes for that page. (vite-plugin-pwa's own reload misses a page whose first visit
 * installed the worker; this one covers every case, so the library's is turned off.)
 */
function reloadWhenReplaced(): void {
  let controller = navigator.serviceWorker.controller;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const previous = controller;
    controller = navigator.serviceWorker.controller;
    if (!previous || reloading) return;
    reloading = true;
    window.location.reload();
  });
}

/**
 * Registers the service worker (src/service-worker/sw.ts) through vite-plugin-pwa's client
 * (Workbox's workbox-window). A new version installs in the background and waits: the prompt says
 * "A new version is ready", and Reload hands over to it (SKIP_WAITING), after which every open page
 * of the app reloads into it. An open app looks for a new version every hour as well as at each visit.
 */
export function registerServiceWorker(): void {
  reloadWhenReplaced();
  const update = registerSW({
    // The prompt and MUI's Snackbar load only now (lib/pwa/new-version-prompt-view.tsx).
    onNeedRefresh: () =>
      void import('./new-version-prompt-view')
        .then((m) => m.showNewVersionPrompt(() => void update(true)))
        .catch(() => undefined),
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
    },
  });
}
