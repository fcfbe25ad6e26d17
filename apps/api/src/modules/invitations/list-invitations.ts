import type { InvitationResource } from '@comped/shared/schemas/directory';
import { desc, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { brands, campaignInvitations, campaigns } from '../../db/schema';
import { toInvitationResource } from './invitations.serializer';

/** GET influencers/{id}/invitations: the user's invitations, newest first (at most 100). */
export async function listInvitations(ctx: AppContext, userId: number): Promise<InvitationResource[]> {
  const rows = await ctx.db
    .select({
      invitation: campaignInvitations,
      campaign: { id: campaigns.id, name: campaigns.name },
      brand: { id: brands.id, name: brands.name, logo: brands.logo },
    })
    .from(campaignInvitations)
    .innerJoin(campaigns, eq(campaigns.id, campaignInvitations.campaignId))
    .innerJoin(brands, eq(brands.id, campaignInvitations.brandId))
    .where(eq(campaignInvitations.userId, userId))
    .orderBy(desc(campaignInvitations.id))
    .limit(100);
  return rows.map((r) => toInvitationResource(r.invitation, r.campaign, r.brand));
}
