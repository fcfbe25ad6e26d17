import type { ReactNode } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Location, NavigationType } from 'react-router';
// The history BrowserRouter itself creates (React Router exports it as UNSAFE_: no stability promise;
// the end-to-end tests navigate through it).
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';

import { pageOf } from '../boot/page-of-path';
import { lazyPartsOf } from './route-modules';

interface Shown {
  action: NavigationType;
  location: Location;
}

/**
 * React Router's BrowserRouter, except that after a navigation the current page stays until the
 * next page's code (its lazy parts) is in, then the next page shows. React's BrowserRouter got that
 * from rendering the navigation as a transition; Preact has no transitions (ADR 031), and the
 * signed-in frame gave way to the full-screen loading state while a page's code downloaded. The
 * address bar changes at once, as it did. A failed download shows the page anyway, and its error.
 */
export function PageCodeFirstRouter({ children }: { children: ReactNode }) {
  const history = useRef<ReturnType<typeof createBrowserHistory> | null>(null);
  history.current ??= createBrowserHistory({ v5Compat: true });
  const [shown, setShown] = useState<Shown>(() => ({
    action: history.current!.action,
    location: history.current!.location,
  }));
  useLayoutEffect(() => {
    let latest: Shown | undefined;
    return history.current!.listen(({ action, location }) => {
      const next = { action, location };
      latest = next;
      const name = pageOf(location.pathname);
      const show = () => {
        if (latest === next) setShown(next);
      };
      void Promise.all((name ? lazyPartsOf(name) : []).map((load) => load())).then(show, show);
    });
  }, []);
  return (
    <Router location={shown.location} navigationType={shown.action} navigator={history.current}>
      {children}
    </Router>
  );
}
