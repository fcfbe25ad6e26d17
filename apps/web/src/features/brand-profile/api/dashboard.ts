import { useQuery } from '@tanstack/react-query';

import { bookingKeys, getBookingsPage } from '../../../api/bookings';
import { campaignKeys, getBrandCampaigns } from '../../../api/campaigns';
import { approvedCampaignsQuery, recentBookingsQuery } from './dashboard-requests';

/** GET brands/{id}/bookings: the latest bookings, for the dashboard. */
export function useRecentBrandBookings(brandId: number | undefined) {
  return useQuery({
    queryKey: bookingKeys.recent(brandId ?? 0),
    queryFn: () => getBookingsPage('brand', brandId ?? 0, recentBookingsQuery),
    enabled: !!brandId,
    retry: false,
  });
}

/** GET brands/{id}/campaigns?filter[status]=approved: live campaigns, for the dashboard. */
export function useApprovedBrandCampaigns(brandId: number | undefined) {
  return useQuery({
    queryKey: campaignKeys.list({ scope: 'brand-preview', brandId: brandId ?? 0, filter: 'approved' }),
    queryFn: () => getBrandCampaigns(brandId ?? 0, approvedCampaignsQuery),
    enabled: !!brandId,
    retry: false,
  });
}
