import { useIsFetching } from '@tanstack/react-query';
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
  const fetching = useIsFetching();
  useEffect(() => {
    if (wanted || fetching > 0) return;
    const id = setTimeout(() => setWanted(true), PHONE_SIDEBAR_DELAY_MS);
    return () => clearTimeout(id);
  }, [wanted, fetching]);
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
