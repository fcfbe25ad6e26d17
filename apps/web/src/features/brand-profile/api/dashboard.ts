import { useQuery } from '@tanstack/react-query';
import type { Paged } from '@comped/shared/paging';
import type { BookingResource, CampaignResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';

/** GET brands/{id}/bookings: the latest bookings, for the dashboard. */
export function useRecentBrandBookings(brandId: number | undefined) {
  return useQuery({
    queryKey: ['bookings', 'brand', brandId, 'recent'],
    queryFn: () =>
      api<Paged<BookingResource>>(`brands/${brandId}/bookings`, {
        query: { 'page[number]': 1, 'page[size]': 5 },
      }),
    enabled: !!brandId,
    retry: false,
  });
}

/** GET brands/{id}/campaigns?filter[status]=approved: live campaigns, for the dashboard. */
export function useApprovedBrandCampaigns(brandId: number | undefined) {
  return useQuery({
    queryKey: ['campaigns', 'brand', brandId, 'dashboard-approved'],
    queryFn: () =>
      api<Paged<CampaignResource>>(`brands/${brandId}/campaigns`, {
        query: { 'page[number]': 1, 'page[size]': 5, 'filter[status]': 'approved' },
      }),
    enabled: !!brandId,
    retry: false,
  });
}
