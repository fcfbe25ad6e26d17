import { PageTitle } from '../../components/page-title';
import { ReviewQueue } from '../../features/campaigns/components/review-queue';

export function AdminCampaignsRoute() {
  return (
    <>
      <PageTitle>Campaign review</PageTitle>
      <ReviewQueue />
    </>
  );
}
