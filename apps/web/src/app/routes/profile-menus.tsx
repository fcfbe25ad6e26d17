import { PageTitle } from '../../components/page-title';

// Placeholder until this screen's feature work lands.
export function ProfileMenusRoute() {
  return <PageTitle>profile-menus</PageTitle>;
}
