import type { ComponentType } from 'react';
import { Suspense, useEffect, useState } from 'react';

import type { Preloadable } from './lazy-with-preload';
import { lazyWithPreload } from './lazy-with-preload';

/**
 * A dialog whose code (with MUI's Modal, focus trap and transitions: the `mui-later` chunk) is not
 * part of its page's first download. It renders nothing until it is first opened and stays mounted
 * after, so that it closes with its transition; its code loads once the browser is idle after the
 * page has rendered, or at the first open when that comes sooner.
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & Preloadable {
  const View = lazyWithPreload(load);
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    useEffect(() => {
      const preload = () => void View.preload().catch(() => undefined);
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(preload, { timeout: 2000 });
        return () => cancelIdleCallback(id);
      }
      const id = setTimeout(preload, 500);
      return () => clearTimeout(id);
    }, []);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <View {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload: View.preload });
}
