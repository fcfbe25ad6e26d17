import { LIMITS } from '@comped/shared/limits';
import type { SessionUser } from '@comped/shared/schemas/session';
import type { BookingTab } from '@comped/shared/statuses';
import { BOOKING_TABS } from '@comped/shared/statuses';

import type { BookingSide } from '../../../api/bookings-request';
import { bookingsPath } from '../../../api/bookings-request';

/** Whose bookings /bookings lists: a brand-side user's brand (none yet: undefined), a media user's own. */
export function bookingsOwnerOf(user: SessionUser): { side: BookingSide; ownerId: number | undefined } {
  return user.profile.type === 'brands'
    ? { side: 'brand', ownerId: user.profile.brands[0]?.id }
    : { side: 'media', ownerId: user.id };
}

/** A media user's booking, as the visit pass reads it (get-visit-pass.ts and boot/early-reads.ts). */
export const visitPassPath = (userId: number, bookingId: number) => `${bookingsPath('media', userId)}/${bookingId}`;

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
