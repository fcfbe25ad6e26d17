import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { and, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaigns } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { campaignToday, withEffectiveStatus } from '../campaigns/campaign-expiry';
import type { MediaViewer } from '../campaigns/campaign-visibility';
import { visibleToMedia } from '../campaigns/campaign-visibility';
import { toCampaignResource } from '../campaigns/campaigns.serializer';
import { invitationsOf, withInvitations } from '../invitations/invited-campaigns';

/** GET influencers/{id}/campaigns/{campaignId}: one campaign the media user may see (else 404). */
export async function getMediaCampaign(
  ctx: AppContext,
  viewer: MediaViewer,
  campaignId: number,
): Promise<CampaignResource> {
  const today = campaignToday(ctx);
  const [row] = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), visibleToMedia(viewer, today)))
    .limit(1);
  if (!row) throw appError('not_found', { message: MSG.campaignNotFound });
  const userId = viewer.userId;
  const [resource, invitations] = await Promise.all([
    toCampaignResource(ctx.db, withEffectiveStatus(row, today)),
    typeof userId === 'number' ? invitationsOf(ctx.db, userId, [row.id]) : undefined,
  ]);
  if (!invitations) return resource;
  const [out] = withInvitations([resource], invitations);
  return out ?? resource;
}
