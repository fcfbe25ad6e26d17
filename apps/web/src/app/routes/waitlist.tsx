import { WaitlistPage } from '../../features/bookings/components/waitlist-page';

export function WaitlistRoute() {
  return <WaitlistPage />;
}
