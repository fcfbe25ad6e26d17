import { DisputesPage } from '../../features/admin/components/disputes-page';

export function AdminDisputesRoute() {
  return <DisputesPage />;
}
