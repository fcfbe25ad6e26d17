/**
 * The brand dashboard's lists, as its hooks (dashboard.ts) and boot/early-reads.ts ask for them
 * (this file must bring nothing into the entry): the latest bookings and the live campaigns, five each.
 */
const DASHBOARD_LIST_SIZE = 5;

export const recentBookingsQuery = { 'page[number]': 1, 'page[size]': DASHBOARD_LIST_SIZE };
export const approvedCampaignsQuery = {
  'page[number]': 1,
  'page[size]': DASHBOARD_LIST_SIZE,
  'filter[status]': 'approved',
};
