import { MSG } from '@comped/shared/messages';
import { and, eq, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { brands, campaigns } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { assertMayUseDirectory } from '../directory/directory.policy';

/**
 * POST campaigns/{id}/invitations: the campaign must be one of the caller's brand (another brand's
 * is 403, an unknown or deleted one 404), the caller may use the directory (an owner or a
 * manager, with a plan: directory.policy.ts), and the campaign must be approved (else 422 on `campaign`).
 */
export async function assertMayInviteTo(db: DbOrTx, user: AuthUser, campaignId: number) {
  const [row] = await db
    .select({ campaign: campaigns, brand: brands })
    .from(campaigns)
    .innerJoin(brands, eq(brands.id, campaigns.brandId))
    .where(and(eq(campaigns.id, campaignId), isNull(campaigns.deletedAt)))
    .limit(1);
  if (!row) throw appError('not_found', { message: MSG.campaignNotFound });
  await assertMayUseDirectory(db, user, row.brand.id);
  return row;
}

/** An invitation path under `influencers/{id}`: only that user's own (another's id is 404). */
export function assertInvitationOf<T extends { userId: number }>(invitation: T | undefined, userId: number): T {
  if (!invitation || invitation.userId !== userId) throw appError('not_found');
  return invitation;
}
