import { PageTitle } from '../../components/page-title';

// Placeholder until this screen's feature work lands.
export function CampaignWizardRoute() {
  return <PageTitle>campaign-wizard</PageTitle>;
}
