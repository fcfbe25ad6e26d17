import { PageTitle } from '../../../components/page-title';

// Placeholder until the brand workspace lands.
export function BrandProfilePage() {
  return <PageTitle>Profile</PageTitle>;
}
