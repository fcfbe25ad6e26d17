import { PageTitle } from '../../components/page-title';

// Placeholder until this screen's feature work lands.
export function AdminApplicationsRoute() {
  return <PageTitle>admin-applications</PageTitle>;
}
