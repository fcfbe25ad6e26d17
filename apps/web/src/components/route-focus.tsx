import { Box } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long after a route change a page may take to show its heading (data still loading). */
const SETTLE_MS = 4000;

/** The page's main heading: the h1 inside <main>, else the first h1. */
export function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/** Focuses the page's main heading (made focusable by script only, tabindex -1). */
export function focusMainHeading(): boolean {
  const h1 = mainHeading();
  if (!h1) return false;
  if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
  h1.focus();
  return document.activeElement === h1;
}

/**
 * Where the focus should stay: on the page's heading, on something inside the page content (a tab
 * the user pressed, a field the new page autofocused) or in an open dialog. Focus left on the sidebar
 * link that was clicked, on the menu button a closed drawer returned it to, or on nothing (the element
 * that held it went away with the old page) moves to the new page's heading.
 */
function focusIsWhereItBelongs(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return false;
  if (active.closest('[role="dialog"]')) return true;
  const main = document.querySelector('main');
  return !!main && main.contains(active);
}

/**
 * WCAG 2.4.3 / 4.1.3 on a single-page app: after a route change, focus goes to the new page's main
 * heading (a screen reader reads it, and the next Tab starts in the page, not at the top of the
 * sidebar) and the new document title is announced in a polite live region. A change inside a page
 * (a tab that changes the URL) keeps the focus where the user put it.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);

  useEffect(() => {
    // The first page of a visit starts at the top, where the browser puts it (the skip link first).
    if (first.current) {
      first.current = false;
      return;
    }
    const announce = setTimeout(() => setAnnouncement(document.title), 300);
    if (focusIsWhereItBelongs()) return () => clearTimeout(announce);
    // Until the page settles (its heading may come with its data, a closing dialog or drawer may
    // hand focus back to its opener), keep the focus on the heading, unless the user acts first.
    let userActed = false;
    const onAct = () => {
      userActed = true;
    };
    const place = () => {
      if (!userActed && !focusIsWhereItBelongs()) focusMainHeading();
    };
    place();
    const observer = new MutationObserver(place);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('keydown', onAct, true);
    window.addEventListener('pointerdown', onAct, true);
    const stop = setTimeout(() => observer.disconnect(), SETTLE_MS);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', onAct, true);
      window.removeEventListener('pointerdown', onAct, true);
      clearTimeout(stop);
      clearTimeout(announce);
    };
  }, [pathname]);

  return (
    <Box role="status" aria-live="polite" aria-atomic="true" sx={visuallyHidden} data-testid="route-announcer">
      {announcement}
    </Box>
  );
}
