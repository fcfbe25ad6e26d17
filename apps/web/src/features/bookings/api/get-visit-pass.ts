import type { BookingResource } from '@comped/shared/schemas/resources';
import { useQuery } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParseEarly, earlyInitialData } from '../../../boot/early-request';
import { ApiError, readAnswer } from '../../../lib/api-client';
import { dropOffline, keepOffline, keptOffline } from '../../../lib/pwa/offline-pass';
import { visitPassPath } from './bookings-request';

/**
 * GET influencers/{id}/bookings/{bookingId}: the visit pass's booking. Each answer is kept for this
 * sign-in (lib/pwa/offline-pass.ts), so the pass opens again without a connection; a booking gone on
 * the server (403, 404) is forgotten. Offline, the kept answer is used, read like a fresh one. The
 * pass opened first may already be under way (boot/early-reads.ts): then its answer is taken.
 */
export async function getVisitPass(userId: number, bookingId: number): Promise<BookingResource> {
  const path = visitPassPath(userId, bookingId);
  try {
    const answer = await apiParseEarly(path, 'booking');
    await keepOffline(path, answer).catch(() => undefined);
    return answer.data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) {
      const kept = await keptOffline(path).catch(() => undefined);
      if (kept !== undefined) {
        const booking = (await readAnswer(`GET ${path}`, 'booking', kept)).data;
        // A pass kept before bookings had conversations has none (where answers are checked, the
        // schema's default says the same).
        return { ...booking, conversation_id: booking.conversation_id ?? null };
      }
    }
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) {
      await dropOffline(path).catch(() => undefined);
    }
    throw err;
  }
}

export function useVisitPass(userId: number, bookingId: number) {
  const path = visitPassPath(userId, bookingId);
  return useQuery({
    queryKey: bookingKeys.one(userId, bookingId),
    queryFn: () => getVisitPass(userId, bookingId),
    // The pass opened first renders with its booking when the early answer came in with the page's
    // code, rather than a spinner and then the pass in a second render. It is kept offline as a
    // fetched answer is.
    ...earlyInitialData(path, 'booking', undefined, (answer) => {
      void keepOffline(path, answer).catch(() => undefined);
      return answer.data;
    }),
    // Runs without a connection too: the kept answer is the point of the pass.
    networkMode: 'offlineFirst',
    retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
  });
}
