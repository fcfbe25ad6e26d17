import { QueryClientContext } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Suspense, useContext, useEffect, useState } from 'react';

import type { Preloadable } from './lazy-with-preload';
import { lazyWithPreload } from './lazy-with-preload';

/** The page's reads have been in this long before a dialog's code loads: the content renders first. */
const AFTER_READS_MS = 1000;

/**
 * Loads `part` once the page's reads have been in for a moment and the browser is idle, so that it
 * comes after the content: a dialog mounted with the page's frame would otherwise load while the
 * page waits for its answers or renders them, and compete with them.
 */
function usePreloadAfterReads(part: Preloadable): void {
  // Every page but /login has a query client; without one (a test), the delay and idle are enough.
  const client = useContext(QueryClientContext);
  useEffect(() => {
    let cancel = () => {};
    const wait = (ms: number, then: () => void) => {
      const id = setTimeout(then, ms);
      cancel = () => clearTimeout(id);
    };
    let quiet = false;
    const check = () => {
      if (client && client.isFetching() > 0) {
        quiet = false;
        wait(250, check);
      } else if (!quiet) {
        quiet = true;
        wait(AFTER_READS_MS, check);
      } else if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(() => void part.preload().catch(() => undefined), { timeout: 2000 });
        cancel = () => cancelIdleCallback(id);
      } else {
        void part.preload().catch(() => undefined);
      }
    };
    check();
    return () => cancel();
  }, [client, part]);
}

/**
 * A dialog whose code (with MUI's Modal, focus trap and transitions: the `mui-later` chunk) is not
 * part of its page's first download. It renders nothing until it is first opened and stays mounted
 * after, so that it closes with its transition; its code loads once the page's reads have been in
 * for a moment and the browser is idle, or at the first open when that comes sooner.
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
