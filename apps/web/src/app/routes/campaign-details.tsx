import { PageTitle } from '../../components/page-title';

// Placeholder until this screen's feature work lands.
export function CampaignDetailsRoute() {
  return <PageTitle>campaign-details</PageTitle>;
}
