import type { ComponentProps, ComponentType } from 'react';
import { useEffect } from 'react';

import { lazyPart } from './lazy-part';

export interface Preloadable {
  preload(): Promise<unknown>;
}

/**
 * A component whose code is its own chunk, loaded when it first renders (inside Suspense, as
 * React.lazy's) or earlier by `preload()`, and rendered at once once its code is in
 * (lib/lazy-part.tsx). A preload that failed is asked for again on the next try rather than kept.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props of any component, as React.lazy takes them
export function lazyWithPreload<C extends ComponentType<any>>(load: () => Promise<C>) {
  let loading: Promise<C> | undefined;
  let loaded: C | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  return Object.assign(lazyPart<ComponentProps<C>>(preload, () => loaded) as unknown as C, { preload });
}

/** Runs `run` when the browser is next idle (at the latest after a while); the result cancels it. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 500);
  return () => clearTimeout(id);
}

/**
 * Loads `parts` once `ready` (the page's content is shown) and the browser is idle: a dialog's code
 * arrives after what the page shows first, and before the tap that opens it. One part per idle
 * moment: each import inserts its chunks' preload links and starts their downloads, and four of
 * them at once made one long task on a phone.
 */
export function usePreloadWhenIdle(ready: boolean, parts: readonly Preloadable[]): void {
  useEffect(() => {
    if (!ready) return;
    let cancel = () => {};
    const preloadFrom = (index: number) => {
      const part = parts[index];
      if (!part) return;
      cancel = whenIdle(() => {
        part.preload().catch(() => undefined);
        preloadFrom(index + 1);
      });
    };
    preloadFrom(0);
    return () => cancel();
    // The parts are module-level constants: one preload per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}
