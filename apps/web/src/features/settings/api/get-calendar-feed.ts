import { dataOf } from '@comped/shared/schemas/envelopes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiParse, lazySchema } from '../../../lib/api-client';

export const calendarFeedSchema = lazySchema(
  () => import('@comped/shared/schemas/devices'),
  (m) => dataOf(m.calendarFeedResourceSchema),
);

export const calendarFeedKey = ['calendar-feed'] as const;

/** GET calendar-feed: the user's private calendar subscription address. */
export async function getCalendarFeed(): Promise<string> {
  return (await apiParse('calendar-feed', calendarFeedSchema)).data.url;
}

export function calendarFeedQuery() {
  return queryOptions({ queryKey: calendarFeedKey, queryFn: getCalendarFeed, staleTime: Infinity });
}

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery());
}
