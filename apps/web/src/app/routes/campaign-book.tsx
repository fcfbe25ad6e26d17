import { CampaignBookPage } from '../../features/bookings/components/campaign-book-page';

export function CampaignBookRoute() {
  return <CampaignBookPage />;
}
