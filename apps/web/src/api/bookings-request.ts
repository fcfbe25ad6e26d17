export type BookingSide = 'brand' | 'media';

/**
 * The path of a brand's or a media user's bookings, apart from its fetcher (bookings.ts) because
 * boot/early-reads.ts asks for a bookings tab's first page before React runs: this file must bring
 * nothing into the entry.
 */
export const bookingsPath = (side: BookingSide, ownerId: number) =>
  side === 'brand' ? `brands/${ownerId}/bookings` : `influencers/${ownerId}/bookings`;
