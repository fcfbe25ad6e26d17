import { BrandEditPage } from '../../features/brand-profile/components/brand-edit-page';

/** /profile/edit: brand general info. */
export function ProfileEditRoute() {
  return <BrandEditPage />;
}
