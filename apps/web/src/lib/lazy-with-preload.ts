import type { ComponentProps, ComponentType } from 'react';
import { createElement, lazy, useEffect, useState } from 'react';

export interface Preloadable {
  preload(): Promise<unknown>;
}

/**
 * A component whose code is its own chunk (React.lazy), loaded when it first renders or earlier by
 * `preload()`. A download that failed is asked for again on the next try rather than kept.
 *
 * One whose code is in renders at once: Preact's `lazy` suspends at every first render, even with its
 * code loaded, and its Suspense boundary then draws the fallback and the part again. An instance keeps
 * the way it started (a lazy one stays lazy) so that the code's arrival does not mount it anew.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props of any component, as React.lazy takes them
export function lazyWithPreload<C extends ComponentType<any>>(load: () => Promise<C>) {
  let loading: Promise<{ default: C }> | undefined;
  let loaded: C | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function LoadedOrLazy(props: ComponentProps<C>) {
    const [startedLoaded] = useState(() => loaded !== undefined);
    return createElement(startedLoaded ? loaded! : Lazy, props);
  }
  return Object.assign(LoadedOrLazy as unknown as C, { preload });
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
