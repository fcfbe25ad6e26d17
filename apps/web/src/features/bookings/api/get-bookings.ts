import type { BookingTab } from '@comped/shared/statuses';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { bookingKeys, getBookingsPage } from '../../../api/bookings';
import type { BookingSide } from '../../../api/bookings-request';
import { bookingsPath } from '../../../api/bookings-request';
import { earlyInitialData } from '../../../boot/early-request';
import type { BookingSort } from './bookings-request';
import { bookingsTabQuery } from './bookings-request';

/** GET brands/{id}/bookings or influencers/{id}/bookings, one page of a tab. */
export function getBookings(side: BookingSide, ownerId: number, tab: BookingTab, page: number, sort?: BookingSort) {
  return getBookingsPage(side, ownerId, bookingsTabQuery(tab, page, sort));
}

export function bookingsQuery(side: BookingSide, ownerId: number, tab: BookingTab, sort?: BookingSort) {
  return infiniteQueryOptions({
    queryKey: bookingKeys.list(side, ownerId, tab, sort ?? 'visit'),
    queryFn: ({ pageParam }) => getBookings(side, ownerId, tab, pageParam, sort),
    initialPageParam: 1,
    ...earlyInitialData(bookingsPath(side, ownerId), 'bookingPage', bookingsTabQuery(tab, 1, sort), (answer) => ({
      pages: [answer],
      pageParams: [1],
    })),
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
  });
}

export function useBookings(side: BookingSide, ownerId: number, tab: BookingTab, sort?: BookingSort) {
  return useInfiniteQuery(bookingsQuery(side, ownerId, tab, sort));
}
