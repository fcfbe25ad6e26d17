import { useQuery } from '@tanstack/react-query';

import { bookingKeys, getBookingsPage } from '../../../api/bookings';
import { bookingsPath } from '../../../api/bookings-request';
import { brandCampaignsPath } from '../../../api/brand-requests';
import { campaignKeys, getBrandCampaigns } from '../../../api/campaigns';
import { earlyInitialData } from '../../../boot/early-request';
import { approvedCampaignsQuery, recentBookingsQuery } from './dashboard-requests';

/** GET brands/{id}/bookings: the latest bookings, for the dashboard. */
export function useRecentBrandBookings(brandId: number | undefined) {
  return useQuery({
    queryKey: bookingKeys.recent(brandId ?? 0),
    queryFn: () => getBookingsPage('brand', brandId ?? 0, recentBookingsQuery),
    ...earlyInitialData(bookingsPath('brand', brandId ?? 0), 'bookingPage', recentBookingsQuery, (answer) => answer),
    enabled: !!brandId,
    retry: false,
  });
}

/** GET brands/{id}/campaigns?filter[status]=approved: live campaigns, for the dashboard. */
export function useApprovedBrandCampaigns(brandId: number | undefined) {
  return useQuery({
    queryKey: campaignKeys.list({ scope: 'brand-preview', brandId: brandId ?? 0, filter: 'approved' }),
    queryFn: () => getBrandCampaigns(brandId ?? 0, approvedCampaignsQuery),
    ...earlyInitialData(brandCampaignsPath(brandId ?? 0), 'campaignPage', approvedCampaignsQuery, (answer) => answer),
    enabled: !!brandId,
    retry: false,
  });
}
