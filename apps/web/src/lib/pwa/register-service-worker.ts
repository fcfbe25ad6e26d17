/// <reference types="vite-plugin-pwa/client" />
// Listens for the browser's install offer from now on (the media dashboard's hint).
import './install-prompt';

import { registerSW } from 'virtual:pwa-register';

/** How often an open app asks whether a new version was deployed. */
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * Registers the service worker (src/service-worker/sw.ts) through vite-plugin-pwa's client
 * (Workbox's workbox-window). A new version installs in the background and waits: the prompt says
 * "A new version is ready", and Reload hands over to it (SKIP_WAITING), after which every open page
 * of the app reloads into it (lib/pwa/reload-when-replaced.ts, which listens from the page's start).
 * An open app looks for a new version every hour as well as at each visit.
 */
export function registerServiceWorker(): void {
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
