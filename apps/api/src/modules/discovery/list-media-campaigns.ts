import type { DiscoveryFilterQuery } from '@comped/shared/validation/discovery';

import type { AppContext } from '../../context';
import { campaignToday, withEffectiveStatus } from '../campaigns/campaign-expiry';
import type { CampaignPageQuery } from '../campaigns/campaign-paging';
import { pagedVisibleCampaigns } from '../campaigns/campaign-paging';
import type { MediaViewer } from '../campaigns/campaign-visibility';
import { visibleToMedia } from '../campaigns/campaign-visibility';
import { toCampaignResources } from '../campaigns/campaigns.serializer';
import { invitationsOf, invitedOutsideTier, withInvitations } from '../invitations/invited-campaigns';
import { discoveryCondition } from './discovery-filters';

/**
 * GET influencers/{id}/campaigns: the approved campaigns aimed at the media user, newest first. The
 * filters only narrow the one visibility rule (the audience rows stay the source of truth). With the
 * user's id, the campaigns they were invited to outside their tier head the first page (issue 28),
 * and every invited campaign carries `invitation`.
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
  const userId = typeof viewer.userId === 'number' ? viewer.userId : undefined;
  if (userId === undefined) return pagedVisibleCampaigns(ctx.db, viewer, query, { today, filter });
  const firstPage = query['page[number]'] === 1 && query['page[cursor]'] === undefined;
  // The invited head is read beside the page; then its resources beside the invitations of both.
  const [page, invited] = await Promise.all([
    pagedVisibleCampaigns(ctx.db, viewer, query, { today, filter }),
    firstPage ? invitedOutsideTier(ctx.db, { ...viewer, userId }, today, filter) : [],
  ]);
  const [head, invitations] = await Promise.all([
    toCampaignResources(
      ctx.db,
      invited.map((r) => withEffectiveStatus(r, today)),
    ),
    invitationsOf(ctx.db, userId, [...invited.map((r) => r.id), ...page.data.map((c) => c.id)]),
  ]);
  const data = withInvitations([...head, ...page.data], invitations);
  return { data, meta: { ...page.meta, total: page.meta.total + head.length } };
}
