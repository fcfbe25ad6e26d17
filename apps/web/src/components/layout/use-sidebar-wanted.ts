import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { useSidebarBesidePageQuery } from './sidebar-layout';

/** A phone loads the sidebar's code this long after the page's reads are in (or when the menu opens). */
const PHONE_SIDEBAR_DELAY_MS = 2000;
/** ... and this long after the page opened at the latest, should its reads keep retrying. */
const PHONE_SIDEBAR_LATEST_MS = 6000;

/**
 * Whether the sidebar's code should load now. A wide screen shows the sidebar beside the page: at
 * once. On a phone it hides behind "Open menu": its code (with the `mui` chunk) waits until the page's
 * reads are in and a moment has passed, so it does not compete with the page's content for a phone's
 * bandwidth (the first card of /campaigns and its photo; docs/performance.md, "The first card"). Opening the menu
 * first loads it at once.
 */
export function useSidebarWanted(): boolean {
  const query = useSidebarBesidePageQuery();
  const [wanted, setWanted] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  const client = useQueryClient();
  // The query cache watched here rather than with useIsFetching: that would redraw the frame (its
  // top bar and buttons) at every request's start and end, for an answer that changes once.
  useEffect(() => {
    if (wanted) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle = false;
    const check = () => {
      const nowIdle = client.isFetching() === 0;
      if (nowIdle === idle) return;
      idle = nowIdle;
      clearTimeout(timer);
      if (idle) timer = setTimeout(() => setWanted(true), PHONE_SIDEBAR_DELAY_MS);
    };
    // Not before the query's own timer has told its observers (a first read starting now counts).
    const start = setTimeout(check, 0);
    const unsubscribe = client.getQueryCache().subscribe(check);
    return () => {
      clearTimeout(start);
      clearTimeout(timer);
      unsubscribe();
    };
  }, [wanted, client]);
  useEffect(() => {
    if (wanted) return;
    const id = setTimeout(() => setWanted(true), PHONE_SIDEBAR_LATEST_MS);
    // A phone turned or a window widened past the breakpoint shows the sidebar: load it then.
    const media = typeof matchMedia === 'function' ? matchMedia(query) : undefined;
    const onChange = () => media?.matches && setWanted(true);
    media?.addEventListener('change', onChange);
    return () => {
      clearTimeout(id);
      media?.removeEventListener('change', onChange);
    };
  }, [wanted, query]);
  return wanted;
}
