import type { DiscoveryFilterQuery } from '@comped/shared/validation/discovery';

import type { AppContext } from '../../context';
import { campaignToday, withEffectiveStatus } from '../campaigns/campaign-expiry';
import type { CampaignPageQuery } from '../campaigns/campaign-paging';
import { pagedVisibleCampaigns } from '../campaigns/campaign-paging';
import type { MediaViewer } from '../campaigns/campaign-visibility';
import { visibleToMedia } from '../campaigns/campaign-visibility';
import { campaignResourceOf } from '../campaigns/campaigns.serializer';
import { invitationColumns, invitedOutsideTier, withInvitation } from '../invitations/invited-campaigns';
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
  // The page and the invited head side by side, each one statement with its invitations.
  const [page, invited] = await Promise.all([
    pagedVisibleCampaigns(ctx.db, viewer, query, {
      today,
      filter,
      extra: { name: 'invitation', columns: invitationColumns, values: { user: userId }, decorate: withInvitation },
    }),
    firstPage ? invitedOutsideTier(ctx.db, { ...viewer, userId }, today, filter) : [],
  ]);
  const head = invited.map(({ row, related, raw }) =>
    withInvitation(campaignResourceOf(withEffectiveStatus(row, today), related), raw),
  );
  return { data: [...head, ...page.data], meta: { ...page.meta, total: page.meta.total + head.length } };
}
