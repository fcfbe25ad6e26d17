import { LocationPage } from '../../features/brand-profile/components/location-page';

/** /profile/location and /profile/location/{id}: add or edit a location. */
export function ProfileLocationRoute() {
  return <LocationPage />;
}
