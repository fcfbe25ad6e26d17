import type { DiscoveryFilterQuery } from '@comped/shared/validation/discovery';

import type { AppContext } from '../../context';
import { campaignToday } from '../campaigns/campaign-expiry';
import type { CampaignPageQuery } from '../campaigns/campaign-paging';
import { pagedVisibleCampaigns } from '../campaigns/campaign-paging';
import type { MediaViewer } from '../campaigns/campaign-visibility';
import { visibleToMedia } from '../campaigns/campaign-visibility';
import { discoveryCondition } from './discovery-filters';

/**
 * GET influencers/{id}/campaigns: the approved campaigns aimed at the media user, newest first. The
 * filters only narrow the one visibility rule (the audience rows stay the source of truth).
 */
export async function listMediaCampaigns(
  ctx: AppContext,
  viewer: MediaViewer,
  query: CampaignPageQuery & DiscoveryFilterQuery,
) {
  const today = campaignToday(ctx);
  const filter = await discoveryCondition(ctx.db, query, visibleToMedia(viewer, today), {
    now: ctx.clock.now(),
    today,
  });
  return pagedVisibleCampaigns(ctx.db, viewer, query, { today, filter });
}
