import { queryOptions, useQuery } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParse } from '../../../lib/api-client';

/** GET influencers/{id}/waitlist (issue 30). */
export function waitlistQuery(userId: number) {
  return queryOptions({
    queryKey: [...bookingKeys.all, 'waitlist', userId] as const,
    queryFn: () => apiParse(`influencers/${userId}/waitlist`, 'waitlist').then((r) => r.data),
  });
}

/** `enabled: false` asks nothing (the request form asks only once a week shows full). */
export function useWaitlist(userId: number, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...waitlistQuery(userId), enabled: opts.enabled ?? true });
}
