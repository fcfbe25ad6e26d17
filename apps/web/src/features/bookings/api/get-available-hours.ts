import type { WeekAvailability } from '@comped/shared/schemas/admin';
import { queryOptions, useQueries } from '@tanstack/react-query';

import { bookingKeys } from '../../../api/bookings';
import { apiParse } from '../../../lib/api-client';

export type { WeekAvailability };

/** POST influencers/{id}/campaigns/{campaignId}/availablehours {location_id, date}. */
export function getAvailableHours(
  userId: number,
  campaignId: number,
  locationId: number,
  date: string,
): Promise<{ data: WeekAvailability }> {
  return apiParse(`influencers/${userId}/campaigns/${campaignId}/availablehours`, 'weekAvailability', {
    method: 'POST',
    body: { location_id: locationId, date },
  });
}

export function weekQuery(userId: number, campaignId: number, locationId: number, weekStart: string) {
  return queryOptions({
    queryKey: bookingKeys.week(userId, campaignId, locationId, weekStart),
    queryFn: () => getAvailableHours(userId, campaignId, locationId, weekStart).then((r) => r.data),
    staleTime: 15_000,
  });
}

/** The availability of several weeks (the weeks the calendar shows, and the chosen day's week). */
export function useWeeks(userId: number, campaignId: number, locationId: number | null, weekStarts: string[]) {
  return useQueries({
    queries: weekStarts.map((w) => ({
      ...weekQuery(userId, campaignId, locationId ?? 0, w),
      enabled: locationId !== null,
    })),
  });
}
