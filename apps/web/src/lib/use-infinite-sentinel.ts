import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` when the returned element scrolls near the viewport (infinite scroll).
 * The observer is re-created when `pageCount` changes, so a sentinel that is still on screen after
 * a page arrived asks for the next one. Without IntersectionObserver the Load more button remains.
 */
export function useInfiniteSentinel(onVisible: () => void, enabled: boolean, pageCount: number) {
  const ref = useRef<HTMLDivElement | null>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, pageCount]);
  return ref;
}
