import { useParams } from 'react-router';

import { CampaignDetailsPage } from '../../features/campaigns/components/campaign-details-page';

export function CampaignDetailsRoute() {
  const { campaignId } = useParams();
  const id = Number(campaignId);
  return <CampaignDetailsPage key={id} campaignId={Number.isInteger(id) ? id : 0} />;
}
