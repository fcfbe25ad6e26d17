import { MenusPage } from '../../features/brand-profile/components/menus-page';

/** /profile/menus: upload or delete menu PDFs. */
export function ProfileMenusRoute() {
  return <MenusPage />;
}
