import { HealthPage } from '../../features/admin/components/health-page';

export function AdminHealthRoute() {
  return <HealthPage />;
}
