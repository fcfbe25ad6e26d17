import { useParams } from 'react-router';

import { CampaignWizard } from '../../features/campaign-wizard/components/campaign-wizard';

/** /create/{type} and /edit/campaign/{campaignId}: the campaign wizard. */
export function CampaignWizardRoute() {
  const { type, campaignId } = useParams();
  const id = campaignId !== undefined && /^\d+$/.test(campaignId) ? Number(campaignId) : undefined;
  return <CampaignWizard key={id ?? type} type={type} campaignId={id} />;
}
