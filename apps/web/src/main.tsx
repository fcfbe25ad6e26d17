// First: its body starts the page's downloads before React and MUI are evaluated (boot/early-start.ts).
// The build also runs it from a script of its own before this entry has downloaded (vite.config.ts,
// bootFirst); both load the same file, so it runs once.
import './boot/early-start';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (the installable app, offline, push): registered once the page has loaded and
// the browser is idle, from a chunk of its own, so it is never part of the first download and never
// competes with the first page's requests (docs/performance.md).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
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
