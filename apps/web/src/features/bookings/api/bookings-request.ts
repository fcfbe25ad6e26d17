import { LIMITS } from '@comped/shared/limits';
import type { BookingTab } from '@comped/shared/statuses';
import { BOOKING_TABS } from '@comped/shared/statuses';

/** A media user's booking, as the visit pass reads it (get-visit-pass.ts and boot/early-reads.ts). */
export const visitPassPath = (userId: number, bookingId: number) => `influencers/${userId}/bookings/${bookingId}`;

/** Brand lists may be ordered by the media user's reliability (best first). */
export type BookingSort = 'reliability' | undefined;

/**
 * The query of one page of a bookings tab: the fetcher's (get-bookings.ts), and the first page's that
 * boot/early-reads.ts asks for before React runs (this file must bring nothing into the entry).
 */
export const bookingsTabQuery = (tab: BookingTab, page: number, sort?: BookingSort) => ({
  'page[number]': page,
  'page[size]': LIMITS.pageSize,
  'filter[status]': BOOKING_TABS[tab].join(','),
  sort,
});
