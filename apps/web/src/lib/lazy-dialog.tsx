import { QueryClientContext } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Suspense, useContext, useEffect, useState } from 'react';

import type { Preloadable } from './lazy-with-preload';
import { lazyWithPreload } from './lazy-with-preload';

/**
 * Loads `part` once the page's reads are in and the browser is idle, so that it comes after the
 * content (a dialog mounted with the page's frame would otherwise load while the page waits for its
 * answers, and compete with them).
 */
function usePreloadAfterReads(part: Preloadable): void {
  // Every page but /login has a query client; without one (a test), idle is enough.
  const client = useContext(QueryClientContext);
  useEffect(() => {
    let cancel = () => {};
    const attempt = () => {
      if (client && client.isFetching() > 0) schedule();
      else part.preload().catch(() => undefined);
    };
    const schedule = () => {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(attempt, { timeout: 2000 });
        cancel = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(attempt, 500);
        cancel = () => clearTimeout(id);
      }
    };
    schedule();
    return () => cancel();
  }, [client, part]);
}

/**
 * A dialog whose code (with MUI's Modal, focus trap and transitions: the `mui-later` chunk) is not
 * part of its page's first download. It renders nothing until it is first opened and stays mounted
 * after, so that it closes with its transition; its code loads once the page's reads are in and the
 * browser is idle, or at the first open when that comes sooner.
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & Preloadable {
  const View = lazyWithPreload(load);
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    usePreloadAfterReads(View);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <View {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload: View.preload });
}
