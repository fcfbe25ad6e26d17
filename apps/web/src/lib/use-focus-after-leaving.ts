import { useCallback, useEffect, useRef, useState } from 'react';

import { focusMainHeading } from '../components/route-focus';

/**
 * A list whose item leaves with the button that decided it (a booking accepted, an application
 * approved, a campaign sent back): once the item is gone from `ids` and its dialog closed (`waiting`
 * false), the focus it held, now on <body>, goes to the first enabled button matching `action` in the
 * item now at its place, or to the page's heading when none is left (WCAG 2.4.3). Focus the user
 * has moved meanwhile stays where it is.
 */
export function useFocusAfterLeaving<T extends HTMLElement>(ids: readonly number[], waiting: boolean, action: string) {
  const listRef = useRef<T>(null);
  const current = useRef(ids);
  current.current = ids;
  const [left, setLeft] = useState<{ id: number; index: number } | null>(null);
  const gone = left !== null && !ids.includes(left.id);

  useEffect(() => {
    if (!left || !gone || waiting) return;
    setLeft(null);
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const items = listRef.current ? Array.from(listRef.current.children) : [];
    const item = items[Math.min(left.index, items.length - 1)];
    const next = item?.querySelector<HTMLElement>(`${action}:not(:disabled)`);
    if (next) next.focus();
    else focusMainHeading();
  }, [left, gone, waiting, action]);

  /** Call when the item `id` was decided: it is about to leave the list. The same function throughout. */
  const leaving = useCallback((id: number) => setLeft({ id, index: current.current.indexOf(id) }), []);
  return { listRef, leaving };
}
