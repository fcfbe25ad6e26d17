import { dataOf } from '@comped/shared/schemas/envelopes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParse, lazySchema } from '../../../lib/api-client';

const waitlistAnswerSchema = lazySchema(
  () => import('@comped/shared/schemas/slots'),
  (m) => dataOf(m.waitlistEntryResourceSchema.array()),
);

/** GET influencers/{id}/waitlist (issue 30). */
export function waitlistQuery(userId: number) {
  return queryOptions({
    queryKey: [...bookingKeys.all, 'waitlist', userId] as const,
    queryFn: () => apiParse(`influencers/${userId}/waitlist`, waitlistAnswerSchema).then((r) => r.data),
  });
}

export function useWaitlist(userId: number) {
  return useQuery(waitlistQuery(userId));
}
