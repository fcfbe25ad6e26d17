import { PageTitle } from '../../../components/page-title';

// Placeholder until the media profile work lands.
export function MediaDashboard() {
  return <PageTitle>Dashboard</PageTitle>;
}
