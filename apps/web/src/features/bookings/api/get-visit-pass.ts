import { dataOf } from '@comped/shared/schemas/envelopes';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { bookingResourceSchema } from '@comped/shared/schemas/resources';
import { useQuery } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParseEarly } from '../../../boot/early-request';
import { ApiError, parseResponse } from '../../../lib/api-client';
import { dropOffline, keepOffline, keptOffline } from '../../../lib/pwa/offline-pass';
import { visitPassPath } from './bookings-request';

const oneBookingSchema = dataOf(bookingResourceSchema);

/**
 * GET influencers/{id}/bookings/{bookingId}: the visit pass's booking. Each answer is kept for this
 * sign-in (lib/pwa/offline-pass.ts), so the pass opens again without a connection; a booking gone on
 * the server (403, 404) is forgotten. Offline, the kept answer is used, checked like a fresh one. The
 * pass opened first may already be under way (boot/early-reads.ts): then its answer is taken.
 */
export async function getVisitPass(userId: number, bookingId: number): Promise<BookingResource> {
  const path = visitPassPath(userId, bookingId);
  try {
    const answer = await apiParseEarly(path, oneBookingSchema);
    await keepOffline(path, answer).catch(() => undefined);
    return answer.data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) {
      const kept = await keptOffline(path).catch(() => undefined);
      if (kept !== undefined) return parseResponse(`GET ${path}`, oneBookingSchema, kept).data;
    }
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) {
      await dropOffline(path).catch(() => undefined);
    }
    throw err;
  }
}

export function useVisitPass(userId: number, bookingId: number) {
  return useQuery({
    queryKey: bookingKeys.one(userId, bookingId),
    queryFn: () => getVisitPass(userId, bookingId),
    // Runs without a connection too: the kept answer is the point of the pass.
    networkMode: 'offlineFirst',
    retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
  });
}
