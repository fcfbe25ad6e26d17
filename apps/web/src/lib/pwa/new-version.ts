/**
 * Whether a new version of the app waits to take over (its service worker is installed and
 * waiting), and how to apply it: the registration (lib/pwa/register-service-worker.ts) sets it, the
 * prompt (lib/pwa/new-version-prompt.tsx) reads it. No library here: the entry imports it.
 */
type Listener = () => void;

let apply: (() => void) | null = null;
const listeners = new Set<Listener>();

export function newVersionWaiting(applyIt: () => void): void {
  apply = applyIt;
  for (const l of listeners) l();
}

export function isNewVersionWaiting(): boolean {
  return apply !== null;
}

/** The new version takes over and every open page of the app reloads into it. */
export function applyNewVersion(): void {
  apply?.();
}

export function subscribeNewVersion(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
