import { LIMITS } from '@comped/shared/limits';
import type { BookingTab } from '@comped/shared/validation/booking';
import { BOOKING_TABS } from '@comped/shared/validation/booking';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import type { BookingSide } from '../../../api/bookings';
import { bookingKeys, getBookingsPage } from '../../../api/bookings';

export type { BookingSide };
/** Brand lists may be ordered by the media user's reliability (best first). */
export type BookingSort = 'reliability' | undefined;

/** GET brands/{id}/bookings or influencers/{id}/bookings, one page of a tab. */
export function getBookings(side: BookingSide, ownerId: number, tab: BookingTab, page: number, sort?: BookingSort) {
  return getBookingsPage(side, ownerId, {
    'page[number]': page,
    'page[size]': LIMITS.pageSize,
    'filter[status]': BOOKING_TABS[tab].join(','),
    sort,
  });
}

export function bookingsQuery(side: BookingSide, ownerId: number, tab: BookingTab, sort?: BookingSort) {
  return infiniteQueryOptions({
    queryKey: bookingKeys.list(side, ownerId, tab, sort ?? 'visit'),
    queryFn: ({ pageParam }) => getBookings(side, ownerId, tab, pageParam, sort),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
  });
}

export function useBookings(side: BookingSide, ownerId: number, tab: BookingTab, sort?: BookingSort) {
  return useInfiniteQuery(bookingsQuery(side, ownerId, tab, sort));
}
