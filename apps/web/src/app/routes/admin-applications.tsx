import { ApplicationsPage } from '../../features/admin/components/applications-page';

export function AdminApplicationsRoute() {
  return <ApplicationsPage />;
}
