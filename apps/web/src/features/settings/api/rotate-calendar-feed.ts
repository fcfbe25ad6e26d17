import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';
import { calendarFeedKey } from './get-calendar-feed';

/** POST calendar-feed/rotate: a new address; the old one stops working. */
export async function rotateCalendarFeed(): Promise<string> {
  return (await apiParse('calendar-feed/rotate', 'calendarFeed', { method: 'POST' })).data.url;
}

export function useRotateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rotateCalendarFeed,
    onSuccess: (url) => client.setQueryData(calendarFeedKey, url),
  });
}
