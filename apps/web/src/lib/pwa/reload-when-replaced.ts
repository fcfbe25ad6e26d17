/**
 * Every open page of the app reloads when a new version takes over from the one that served it, so
 * none stays on the old build. Not when the first install takes over a page on the first visit:
 * nothing changes for that page. (vite-plugin-pwa's own reload misses a page whose first visit
 * installed the worker; this one covers every case, so the library's is turned off.)
 *
 * It listens from the page's start, not from the worker's registration, which waits for the browser
 * to be idle: a page opened a moment before another one's Reload would otherwise miss the change and
 * stay on the old version.
 */
export function reloadWhenReplaced(
  workers: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'> = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): void {
  let controller = workers.controller;
  let reloading = false;
  workers.addEventListener('controllerchange', () => {
    const previous = controller;
    controller = workers.controller;
    if (!previous || reloading) return;
    reloading = true;
    reload();
  });
}
