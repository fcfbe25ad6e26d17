import { Alert } from '@mui/material';
import { isMediaRole } from '@comped/shared/roles';
import { PageTitle } from '../../components/page-title';
import { BrandCampaigns } from '../../features/campaigns/components/brand-campaigns';
import { MediaCampaigns } from '../../features/campaigns/components/media-campaigns';
import { TierCheckNotice } from '../../features/media-profile/components/tier-check-notice';
import { useUser } from '../../lib/use-session';

/** /campaigns: the brand's own campaigns, or the campaigns open to a media user (staff are guarded to /admin). */
export function CampaignsRoute() {
  const user = useUser();
  const type = user.profile.type;
  const brand = user.profile.brands[0];
  return (
    <>
      <PageTitle>Campaigns</PageTitle>
      {type === 'brands' &&
        (brand ? <BrandCampaigns brandId={brand.id} /> : <Alert severity="info">Your brand is not set up yet.</Alert>)}
      {isMediaRole(type) && (
        <>
          <TierCheckNotice user={user} />
          <MediaCampaigns userId={user.id} />
        </>
      )}
    </>
  );
}
