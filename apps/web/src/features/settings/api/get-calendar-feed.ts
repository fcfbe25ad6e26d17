import { calendarFeedResourceSchema } from '@comped/shared/schemas/devices';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

export const calendarFeedSchema = dataOf(calendarFeedResourceSchema);
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
