import type { BookingResource } from '@comped/shared/schemas/resources';
import { useQuery } from '@tanstack/react-query';

import { bookingKeys, getBookingsPage } from '../../../api/bookings';
import { getTasksPage, taskKeys } from '../../../api/tasks';

/** The next accepted visit: GET influencers/{id}/bookings?filter[status]=accepted, earliest upcoming. */
export async function getUpcomingVisit(userId: number, now: Date = new Date()): Promise<BookingResource | null> {
  const res = await getBookingsPage('media', userId, {
    'filter[status]': 'accepted',
    'page[number]': 1,
    'page[size]': 50,
  });
  const today = now.toISOString().slice(0, 10);
  const upcoming = res.data
    .filter((b) => b.status === 'accepted' && b.booking_date >= today)
    .sort((a, b) => `${a.booking_date} ${a.booking_time}`.localeCompare(`${b.booking_date} ${b.booking_time}`));
  return upcoming[0] ?? null;
}

export function useUpcomingVisit(userId: number) {
  return useQuery({ queryKey: bookingKeys.upcoming(userId), queryFn: () => getUpcomingVisit(userId) });
}

/** How many tasks wait for completion (GET influencers/{id}/tasks?filter[completed]=0). */
export async function getOpenTaskCount(userId: number): Promise<number> {
  const res = await getTasksPage(userId, { 'filter[completed]': 0, 'page[size]': 1 });
  return res.meta.total;
}

export function useOpenTaskCount(userId: number) {
  return useQuery({ queryKey: taskKeys.openCount(userId), queryFn: () => getOpenTaskCount(userId) });
}
