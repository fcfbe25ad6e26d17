import { Alert } from '@mui/material';
import { PageTitle } from '../../components/page-title';
import { BrandCampaigns } from '../../features/campaigns/components/brand-campaigns';
import { MediaCampaigns } from '../../features/campaigns/components/media-campaigns';
import { useUser } from '../../lib/use-session';

export function CampaignsRoute() {
  const user = useUser();
  const type = user.profile.type;
  const brand = user.profile.brands[0];
  return (
    <>
      <PageTitle>Campaigns</PageTitle>
      {type === 'brands' &&
        (brand ? <BrandCampaigns brandId={brand.id} /> : <Alert severity="info">Your brand is not set up yet.</Alert>)}
      {(type === 'influencer' || type === 'journalist') && <MediaCampaigns userId={user.id} />}
      {type === 'staff' && <Alert severity="info">Campaigns waiting for review are in the staff console.</Alert>}
    </>
  );
}
