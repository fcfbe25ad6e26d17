import { MSG } from '@comped/shared/messages';
import type { InvitationResource } from '@comped/shared/schemas/directory';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { brands, campaignInvitations, campaigns } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { assertInvitationOf } from './invitations.policy';
import { toInvitationResource } from './invitations.serializer';

/** PUT influencers/{id}/invitations/{invId} {"status": "declined"}: an open invitation only. */
export async function declineInvitation(
  ctx: AppContext,
  userId: number,
  invitationId: number,
): Promise<InvitationResource> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(campaignInvitations)
      .where(eq(campaignInvitations.id, invitationId))
      .limit(1)
      .for('update');
    const invitation = assertInvitationOf(row, userId);
    if (invitation.status !== 'open')
      throw appError('validation_failed', { field: 'status', message: MSG.invitationNotOpen });
    const [updated] = await tx
      .update(campaignInvitations)
      .set({ status: 'declined', updatedAt: now })
      .where(eq(campaignInvitations.id, invitationId))
      .returning();
    const [names] = await tx
      .select({
        campaign: { id: campaigns.id, name: campaigns.name },
        brand: { id: brands.id, name: brands.name, logo: brands.logo },
      })
      .from(campaigns)
      .innerJoin(brands, eq(brands.id, campaigns.brandId))
      .where(eq(campaigns.id, invitation.campaignId))
      .limit(1);
    if (!updated || !names) throw appError('not_found');
    return toInvitationResource(updated, names.campaign, names.brand);
  });
}
