/** Query keys of the bookings feature: one prefix, so a change can invalidate every list at once. */
export const bookingKeys = {
  all: ['bookings'] as const,
  list: (side: 'brand' | 'media', ownerId: number, tab: string) => ['bookings', 'list', side, ownerId, tab] as const,
  campaign: (userId: number, campaignId: number) => ['bookings', 'campaign', userId, campaignId] as const,
  week: (userId: number, campaignId: number, locationId: number, weekStart: string) =>
    ['bookings', 'availability', userId, campaignId, locationId, weekStart] as const,
};
