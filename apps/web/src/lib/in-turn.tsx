import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';

/**
 * The parts waiting for their turn, in the order they mounted. One part renders per task, so the
 * page's main thread is free between two of them: a list of ten cards renders in ten short tasks
 * instead of one long one (Preact renders a tree in one go; docs/performance.md, "In turn").
 */
const waiting: (() => void)[] = [];
let channel: MessageChannel | undefined;
let scheduled = false;

function nextTurn(): void {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) schedule();
}

/**
 * A message, not a timer: a hidden tab delays a chain of timers to one a second, and a message
 * arrives as the next task without the timers' minimum delay.
 */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
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

function wait(show: () => void): () => void {
  waiting.push(show);
  schedule();
  return () => {
    const at = waiting.indexOf(show);
    if (at >= 0) waiting.splice(at, 1);
  };
}

interface InTurnProps {
  /** Render with the parent, in its first pass: what a phone's first screen shows. */
  now?: boolean;
  children: ReactNode;
}

/**
 * Renders its children in a task of their own after the page's render, once the parts mounted before
 * it have had theirs. Meant for what lies below a phone's first screen (the rest of a list, and what
 * follows the list), where appearing a moment later moves nothing the user sees. Once shown, it stays.
 */
export function InTurn({ now = false, children }: InTurnProps) {
  const [shown, setShown] = useState(now);
  useEffect(() => (shown ? undefined : wait(() => setShown(true))), [shown]);
  return shown ? children : null;
}
