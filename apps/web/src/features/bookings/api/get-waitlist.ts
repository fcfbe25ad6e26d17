import { dataOf } from '@comped/shared/schemas/envelopes';
import { waitlistEntryResourceSchema } from '@comped/shared/schemas/slots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { bookingKeys } from '../../../api/bookings';
import { apiParse } from '../../../lib/api-client';

/** GET influencers/{id}/waitlist (issue 30). */
export function waitlistQuery(userId: number) {
  return queryOptions({
    queryKey: [...bookingKeys.all, 'waitlist', userId] as const,
    queryFn: () =>
      apiParse(`influencers/${userId}/waitlist`, dataOf(z.array(waitlistEntryResourceSchema))).then((r) => r.data),
  });
}

export function useWaitlist(userId: number) {
  return useQuery(waitlistQuery(userId));
}
