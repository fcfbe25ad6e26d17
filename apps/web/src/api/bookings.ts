import { apiParseEarly } from '../boot/early-request';
import type { RequestOptions } from '../lib/api-client';
import type { BookingSide } from './bookings-request';
import { bookingsPath } from './bookings-request';

/**
 * The one query-key factory of bookings (the bookings pages, both dashboards, availability): one
 * prefix, so a change can invalidate every list at once.
 */
export const bookingKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (side: BookingSide, ownerId: number, tab: string, sort = 'visit') =>
    [...bookingKeys.lists(), side, ownerId, tab, sort] as const,
  /** The brand dashboard's latest bookings. */
  recent: (brandId: number) => [...bookingKeys.all, 'recent', brandId] as const,
  /** One booking of a media user: the visit pass. */
  one: (userId: number, bookingId: number) => [...bookingKeys.all, 'one', userId, bookingId] as const,
  /** The media dashboard's next accepted visit. */
  upcoming: (userId: number) => [...bookingKeys.all, 'upcoming', userId] as const,
  week: (userId: number, campaignId: number, locationId: number, weekStart: string) =>
    [...bookingKeys.all, 'availability', userId, campaignId, locationId, weekStart] as const,
};

/**
 * GET brands/{id}/bookings or influencers/{id}/bookings: one page (`page[number]`, `page[size]`,
 * `filter[status]`, `sort` in `query`), for the bookings pages and the dashboards. A tab's first page
 * may already be under way (boot/early-reads.ts): then its answer is taken.
 */
export function getBookingsPage(side: BookingSide, ownerId: number, query: RequestOptions['query']) {
  return apiParseEarly(bookingsPath(side, ownerId), 'bookingPage', query);
}
