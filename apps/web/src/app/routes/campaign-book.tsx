import { PageTitle } from '../../components/page-title';

// Placeholder until this screen's feature work lands.
export function CampaignBookRoute() {
  return <PageTitle>campaign-book</PageTitle>;
}
