import { ReportsPage } from '../../features/admin/components/reports-page';

/** /admin/reports: conversations reported by their participants (issue 26). */
export function AdminReportsRoute() {
  return <ReportsPage />;
}
