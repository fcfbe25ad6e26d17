import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

export const calendarFeedKey = ['calendar-feed'] as const;

/** GET calendar-feed: the user's private calendar subscription address. */
export async function getCalendarFeed(): Promise<string> {
  return (await apiParse('calendar-feed', 'calendarFeed')).data.url;
}

export function calendarFeedQuery() {
  return queryOptions({ queryKey: calendarFeedKey, queryFn: getCalendarFeed, staleTime: Infinity });
}

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery());
}
