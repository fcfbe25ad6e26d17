import { MSG } from '@comped/shared/messages';
import { and, eq, isNull } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { brands, campaigns, users } from '../../db/schema';
import { appError } from '../../lib/app-error';

/** Locks the campaign, checks it is in review, and gives the brand owner for the mail. */
export async function lockForReview(tx: Tx, id: number) {
  const [row] = await tx
    .select({ campaign: campaigns, brandName: brands.name, ownerName: users.name, ownerEmail: users.email })
    .from(campaigns)
    .innerJoin(brands, eq(brands.id, campaigns.brandId))
    .innerJoin(users, eq(users.id, brands.ownerId))
    .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt)))
    .for('update', { of: campaigns })
    .limit(1);
  if (!row) throw appError('not_found', { message: MSG.campaignNotFound });
  if (row.campaign.status !== 'review') throw appError('campaign_not_in_review');
  return row;
}
