import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Holds the signed-in user's live event stream while the signed-in shell is shown (one per tab) and
 * keeps the caches in step with it (lib/live-events/). Its code (the client, eventsource-parser, the
 * caches' updates) is a chunk of its own, loaded when the stream starts: not part of what a page
 * needs to paint (docs/performance.md, "The first card").
 */
export function useLiveEvents(userId: number, enabled: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./live-events/start-live-events').then(({ startLiveEvents }) => {
      if (!cancelled) stop = startLiveEvents(qc, userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [qc, userId, enabled]);
}
