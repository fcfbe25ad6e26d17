import { isMediaRole } from '@comped/shared/roles';
import { lazy, Suspense } from 'react';

import { LazyAlert } from '../../components/lazy-alert';
import { Loading } from '../../components/loading';
import { PageTitle } from '../../components/page-title';
import { TierCheckNotice } from '../../components/tier-check-notice';
import { MediaCampaigns } from '../../features/campaigns/components/media-campaigns';
import { brandMay } from '../../lib/route-guard';
import { useUser } from '../../lib/use-session';

// A brand's list (tabs, the create card, dialogs) is its own chunk: a media user's list paints
// without those parts, and without the shared `mui` chunk they bring (docs/performance.md, "The first card").
const BrandCampaigns = lazy(() =>
  import('../../features/campaigns/components/brand-campaigns').then((m) => ({ default: m.BrandCampaigns })),
);

/** /campaigns: the brand's own campaigns, or the campaigns open to a media user (staff are guarded to /admin). */
export function CampaignsRoute() {
  const user = useUser();
  const type = user.profile.type;
  const brand = user.profile.brands[0];
  return (
    <>
      <PageTitle>Campaigns</PageTitle>
      {type === 'brands' &&
        (brand ? (
          <Suspense fallback={<Loading label="Loading campaigns" />}>
            <BrandCampaigns brandId={brand.id} manage={brandMay(user, ['owner', 'manager'])} />
          </Suspense>
        ) : (
          <LazyAlert severity="info">Your brand is not set up yet.</LazyAlert>
        ))}
      {isMediaRole(type) && (
        <>
          <TierCheckNotice user={user} />
          <MediaCampaigns userId={user.id} />
        </>
      )}
    </>
  );
}
