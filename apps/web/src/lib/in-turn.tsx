import type { ReactNode } from 'react';
import { createContext, useContext, useLayoutEffect, useState } from 'react';

import { afterPaint } from './after-paint';

/**
 * Where a part stands on the page: its parent part's place, then the order in which it mounted
 * among its parent's parts. A part inside another (a section's rows) comes before the parts that
 * follow its parent (the next section), as on the page.
 */
type Place = readonly number[];

interface Scope {
  place: Place;
  /** How many parts have mounted directly inside this one. */
  mounted: number;
}

/** The page itself: parts outside any other part. */
const PageScope = createContext<Scope>({ place: [], mounted: 0 });

function before(a: Place, b: Place): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return a.length < b.length;
}

/**
 * The parts waiting for their turn, in page order. One part renders per task, so the page's main
 * thread is free between two of them: a list of ten cards renders in ten short tasks instead of one
 * long one (Preact renders a tree in one go; docs/performance.md, "In turn").
 */
const waiting: { place: Place; show: () => void }[] = [];
let channel: MessageChannel | undefined;
let scheduled = false;

function nextTurn(): void {
  scheduled = false;
  waiting.shift()?.show();
  if (waiting.length > 0) schedule(false);
}

/**
 * The first turn after the render that mounted the parts waits for that render to be painted. The
 * next ones follow as messages, not timers: a hidden tab delays a chain of timers to one a second,
 * and a message arrives as the next task without the timers' minimum delay.
 */
function schedule(first: boolean): void {
  if (scheduled) return;
  scheduled = true;
  if (first) {
    afterPaint(nextTurn);
    return;
  }
  if (typeof MessageChannel === 'undefined') {
    setTimeout(nextTurn, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = nextTurn;
  }
  channel.port2.postMessage(null);
}

function wait(place: Place, show: () => void): () => void {
  const entry = { place, show };
  const at = waiting.findIndex((w) => before(place, w.place));
  waiting.splice(at < 0 ? waiting.length : at, 0, entry);
  schedule(true);
  return () => {
    const index = waiting.indexOf(entry);
    if (index >= 0) waiting.splice(index, 1);
  };
}

interface InTurnProps {
  /** Render with the parent, in its first pass: what a phone's first screen shows. */
  now?: boolean;
  children: ReactNode;
}

/**
 * Renders its children in a task of their own after the page's render, once the parts before it on
 * the page have had theirs (a part inside another waits for it, and comes before the parts after
 * it). Meant for what appears at the end of what is drawn, so that nothing on screen moves. Once
 * shown, it stays.
 */
export function InTurn({ now = false, children }: InTurnProps) {
  const parent = useContext(PageScope);
  // Counted as it first renders: siblings render in page order.
  const [scope] = useState<Scope>(() => ({ place: [...parent.place, (parent.mounted += 1)], mounted: 0 }));
  const [shown, setShown] = useState(now);
  // In the commit that mounted it, before the next turn: the parts a part contains take their places
  // before those that follow it.
  useLayoutEffect(() => (shown ? undefined : wait(scope.place, () => setShown(true))), [shown, scope]);
  return shown ? <PageScope.Provider value={scope}>{children}</PageScope.Provider> : null;
}
