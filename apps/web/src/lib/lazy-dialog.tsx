import { QueryClientContext } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Suspense, useContext, useEffect, useState } from 'react';

import type { Preloadable } from './lazy-with-preload';
import { lazyWithPreload, usePreloadWhenIdle } from './lazy-with-preload';

/** The page's reads have been in this long before a dialog's code loads: the content renders first. */
const AFTER_READS_MS = 1000;

/**
 * Whether the page's reads have been in for a moment: a dialog mounted with the page's frame would
 * otherwise load its code while the page waits for its answers or renders them, and compete with them.
 */
function useReadsSettled(): boolean {
  // Every page but /login has a query client; without one (a test), the delay is enough.
  const client = useContext(QueryClientContext);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    let id: ReturnType<typeof setTimeout>;
    let quiet = false;
    const check = () => {
      if (client && client.isFetching() > 0) {
        quiet = false;
        id = setTimeout(check, 250);
      } else if (!quiet) {
        quiet = true;
        id = setTimeout(check, AFTER_READS_MS);
      } else {
        setSettled(true);
      }
    };
    check();
    return () => clearTimeout(id);
  }, [client, settled]);
  return settled;
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
  const parts = [View];
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    usePreloadWhenIdle(useReadsSettled(), parts);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <View {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload: View.preload });
}
