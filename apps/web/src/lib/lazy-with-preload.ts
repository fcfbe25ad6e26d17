import type { ComponentType } from 'react';
import { lazy, useEffect } from 'react';

export interface Preloadable {
  preload(): Promise<unknown>;
}

/**
 * A component whose code is its own chunk (React.lazy), loaded when it first renders or earlier by
 * `preload()`. A download that failed is asked for again on the next try rather than kept.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props of any component, as React.lazy takes them
export function lazyWithPreload<C extends ComponentType<any>>(load: () => Promise<C>) {
  let loading: Promise<{ default: C }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  return Object.assign(lazy(preload), { preload });
}

/**
 * Loads `parts` once `ready` (the page's content is shown) and the browser is idle: a dialog's code
 * arrives after what the page shows first, and before the tap that opens it.
 */
export function usePreloadWhenIdle(ready: boolean, parts: readonly Preloadable[]): void {
  useEffect(() => {
    if (!ready) return;
    const run = () => {
      for (const part of parts) part.preload().catch(() => undefined);
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(run, 500);
    return () => clearTimeout(id);
    // The parts are module-level constants: one preload per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}
