import { BookingsPage } from '../../features/bookings/components/bookings-page';

export function BookingsRoute() {
  return <BookingsPage />;
}
