// First: its body starts the page's downloads before React and MUI are evaluated (boot/early-start.ts).
// The build also runs it from a script of its own before this entry has downloaded (vite.config.ts,
// bootFirst); both load the same file, so it runs once. Its promise of the first page's code and
// reads is imported below.
import './boot/early-start';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { firstPage } from './boot/early-start';
import { reloadWhenReplaced } from './lib/pwa/reload-when-replaced';

/**
 * The first paint is the page, once its code and first reads are in, as after a link
 * (app/page-code-first-router.tsx) and with its data: not "Loading Comped" drawn, then the page drawn
 * over it, then its data. On a slow network, the loading screen shows after this long.
 */
const FIRST_PAGE_WAIT_MS = 1500;

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
void Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// The service worker (the installable app, offline, push): registered once the page has loaded and
// the browser is idle, from a chunk of its own, so it is never part of the first download and never
// competes with the first page's requests (docs/performance.md). The page listens for a new version
// taking over at once, so that it reloads into it even before its own registration has run.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  reloadWhenReplaced();
  window.addEventListener(
    'load',
    () => {
      const register = () =>
        void import('./lib/pwa/register-service-worker').then((m) => m.registerServiceWorker()).catch(() => undefined);
      if (typeof requestIdleCallback === 'function') requestIdleCallback(register, { timeout: 3000 });
      else setTimeout(register, 1000);
    },
    { once: true },
  );
}
