import { PageTitle } from '../../../components/page-title';

// Placeholder until the brand workspace lands.
export function BrandDashboard() {
  return <PageTitle>Dashboard</PageTitle>;
}
