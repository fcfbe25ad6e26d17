import type { QueryClient } from '@tanstack/react-query';

import { bookingKeys } from '../../api/bookings';
import { conversationKeys } from '../../api/conversations';
import { notificationKeys } from '../../api/notifications';
import { signOutUnauthenticated } from '../api-client';
import { sessionToken } from '../session';
import { applyLiveEvent, readLiveEvent } from './apply-live-event';
import { connectLiveEvents } from './live-events';

/**
 * Connects the signed-in user's live events to the caches (apply-live-event.ts); while the stream
 * cannot be held, refreshes them on every poll. Returns the function that stops it.
 */
export function startLiveEvents(qc: QueryClient, userId: number): () => void {
  const connection = connectLiveEvents({
    token: sessionToken,
    // Read in turn (each waits on the one before where answers are checked), applied in their order.
    onEvent: (name, data) => {
      void readLiveEvent(name, data).then((event) => event && applyLiveEvent(qc, event, userId));
    },
    // A revoked token (a member removed from the team) signs out at once, not at the next request.
    onUnauthenticated: signOutUnauthenticated,
    onStale: () => {
      void qc.invalidateQueries({ queryKey: notificationKeys.latest() });
      void qc.invalidateQueries({ queryKey: conversationKeys.all });
      void qc.invalidateQueries({ queryKey: bookingKeys.lists() });
    },
  });
  return () => connection.stop();
}
