import { LIVE_INVITATION_STATUSES } from '@comped/shared/schemas/directory';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import type { SQL } from 'drizzle-orm';
import { and, desc, eq, inArray, not, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { arrayParam, preparedOn } from '../../db/prepared';
import { brands, campaignInvitations, campaigns } from '../../db/schema';
import type { MediaViewer } from '../campaigns/campaign-visibility';
import { inTierSql, visibleToAudience } from '../campaigns/campaign-visibility';
import type { CampaignPageEntry } from '../campaigns/campaigns.serializer';
import { campaignPage } from '../campaigns/campaigns.serializer';

/** At most this many invited campaigns outside the user's tier head the first page of discovery. */
const INVITED_HEAD_MAX = 20;

/**
 * The campaigns a media user sees only because they were invited (outside their tier range, issue
 * 28), newest first, narrowed by the discovery filter: discovery shows them at the head of its first
 * page (the tier list itself walks the audience index and knows nothing of invitations). One
 * statement with their related rows and the invitation (invitationColumns); without a filter it is
 * prepared once per connection and role.
 */
export async function invitedOutsideTier(
  db: DbOrTx,
  viewer: MediaViewer & { userId: number },
  today: string,
  filter: SQL | undefined,
): Promise<CampaignPageEntry[]> {
  if (viewer.tier === null) return [];
  const [user, tier, day] = [sql.placeholder('user'), sql.placeholder('tier'), sql.placeholder('today')];
  // Outside the tier only an invitation makes a campaign visible: the user's invitations (their
  // index) drive the read, so it costs what they have, not a walk over every campaign.
  const ids = () =>
    db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(
        and(
          inArray(
            campaigns.id,
            db
              .select({ id: campaignInvitations.campaignId })
              .from(campaignInvitations)
              .where(
                and(
                  eq(campaignInvitations.userId, user),
                  inArray(campaignInvitations.status, [...LIVE_INVITATION_STATUSES]),
                ),
              ),
          ),
          visibleToAudience({ role: viewer.role, tier, userId: user }, day),
          not(inTierSql(viewer.role, tier)),
          filter,
        ),
      )
      .orderBy(desc(campaigns.id))
      .limit(INVITED_HEAD_MAX)
      .getSQL();
  const name = filter ? null : `discovery_invited:${viewer.role}`;
  return campaignPage(db, name, ids, { user: viewer.userId, tier: viewer.tier, today }, invitationColumns);
}

/**
 * A campaign `c`'s open or booked invitation of the user (placeholder `user`; one at most, by
 * campaign_invitations_once), with the brand's name.
 */
export function invitationColumns(): SQL {
  return sql`(select json_build_object('id', ci.id, 'brand_name', b.name, 'note', ci.note, 'status', ci.status)
    from ${campaignInvitations} ci join ${brands} b on b.id = ci.brand_id
    where ci.campaign_id = c.id and ci.user_id = ${sql.placeholder('user')}
      and ${inArray(sql`ci.status`, [...LIVE_INVITATION_STATUSES])}) as invitation`;
}

/** The invitation read by invitationColumns, on a campaign resource (null when there is none). */
export function withInvitation(resource: CampaignResource, raw: Record<string, unknown>): CampaignResource {
  return { ...resource, invitation: (raw.invitation as CampaignResource['invitation'] | null) ?? null };
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
          inArray(campaignInvitations.status, [...LIVE_INVITATION_STATUSES]),
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
