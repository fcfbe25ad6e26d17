import { DoorPage } from '../../features/bookings/components/door-page';

/** /door (brand teams): today's and tomorrow's visits, with Check in. */
export function DoorRoute() {
  return <DoorPage />;
}
