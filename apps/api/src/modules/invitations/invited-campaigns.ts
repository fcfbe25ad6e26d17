import type { CampaignResource } from '@comped/shared/schemas/resources';
import type { SQL } from 'drizzle-orm';
import { and, arrayContains, desc, eq, inArray, not, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { arrayParam, preparedOn } from '../../db/prepared';
import { brands, campaignInvitations, campaigns } from '../../db/schema';
import type { MediaViewer } from '../campaigns/campaign-visibility';
import { visibleToMedia } from '../campaigns/campaign-visibility';

type CampaignRow = typeof campaigns.$inferSelect;

/** At most this many invited campaigns outside the user's tier head the first page of discovery. */
const INVITED_HEAD_MAX = 20;

/**
 * The campaigns a media user sees only because they were invited (outside their tier range, issue
 * 28), newest first, narrowed by the discovery filter: discovery shows them at the head of its first
 * page (the tier list itself walks the audience index and knows nothing of invitations).
 */
export async function invitedOutsideTier(
  db: DbOrTx,
  viewer: MediaViewer & { userId: number },
  today: string,
  filter: SQL | undefined,
): Promise<CampaignRow[]> {
  if (viewer.tier === null) return [];
  const tierColumn = viewer.role === 'journalist' ? campaigns.tierRangeJournalist : campaigns.tierRangeInfluencer;
  // Outside the tier only an invitation makes a campaign visible: the user's invitations (their
  // index) drive the read, so it costs what they have, not a walk over every campaign.
  const invited = db
    .select({ id: campaignInvitations.campaignId })
    .from(campaignInvitations)
    .where(and(eq(campaignInvitations.userId, viewer.userId), inArray(campaignInvitations.status, ['open', 'booked'])));
  return db
    .select()
    .from(campaigns)
    .where(
      and(
        inArray(campaigns.id, invited),
        visibleToMedia(viewer, today),
        not(arrayContains(tierColumn, [viewer.tier])),
        filter,
      ),
    )
    .orderBy(desc(campaigns.id))
    .limit(INVITED_HEAD_MAX);
}

/** The user's open or booked invitations to the campaigns `campaignIds`, with the brand's name. */
export async function invitationsOf(db: DbOrTx, userId: number, campaignIds: number[]): Promise<InvitationsByCampaign> {
  if (campaignIds.length === 0) return new Map();
  // Every page of discovery asks: prepared once per connection, the ids as one array (issue 31).
  const query = preparedOn(db, 'invitations_of', (on) =>
    on
      .select({
        id: campaignInvitations.id,
        campaignId: campaignInvitations.campaignId,
        note: campaignInvitations.note,
        status: campaignInvitations.status,
        brandName: brands.name,
      })
      .from(campaignInvitations)
      .innerJoin(brands, eq(brands.id, campaignInvitations.brandId))
      .where(
        and(
          eq(campaignInvitations.userId, sql.placeholder('user')),
          sql`${campaignInvitations.campaignId} = any(${sql.placeholder('campaigns')}::int[])`,
          inArray(campaignInvitations.status, ['open', 'booked']),
        ),
      )
      .prepare('invitations_of'),
  );
  const rows = await query.execute({ user: userId, campaigns: arrayParam(campaignIds) });
  return new Map(rows.map((r) => [r.campaignId, r]));
}
export type InvitationsByCampaign = Map<
  number,
  { id: number; note: string | null; status: 'open' | 'booked' | 'declined'; brandName: string }
>;

/** Adds `invitation` (open or booked, with the brand's name) to each campaign the user was invited to. */
export function withInvitations(list: CampaignResource[], byCampaign: InvitationsByCampaign): CampaignResource[] {
  return list.map((c) => {
    const r = byCampaign.get(c.id);
    return { ...c, invitation: r ? { id: r.id, brand_name: r.brandName, note: r.note, status: r.status } : null };
  });
}
