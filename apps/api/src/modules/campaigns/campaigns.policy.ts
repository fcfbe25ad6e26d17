import { MSG } from '@comped/shared/messages';
import { and, eq, isNull } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { brands, campaigns } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { membershipOf } from '../brands/brands.policy';

type CampaignRow = typeof campaigns.$inferSelect;

/**
 * `campaigns/{id}` for a brand owner: an id that does not exist (or was discarded) is 404; another
 * brand's campaign is 403 and reveals nothing of it.
 */
export async function ownedCampaign(db: DbOrTx, user: number | AuthUser, campaignId: number): Promise<CampaignRow> {
  const [row] = await db
    .select({ campaign: campaigns, brandId: brands.id })
    .from(campaigns)
    .innerJoin(brands, eq(brands.id, campaigns.brandId))
    .where(and(eq(campaigns.id, campaignId), isNull(campaigns.deletedAt)))
    .limit(1);
  if (!row) throw appError('not_found');
  // Any member of the brand (brand teams); who may change it is the route's role gate.
  const membership = await membershipOf(db, user);
  if (membership?.brand.id !== row.brandId) throw appError('forbidden');
  return row.campaign;
}

/** Only drafts can be edited or submitted (a campaign in review or approved is frozen). */
export function assertEditable(campaign: CampaignRow): void {
  if (campaign.status !== 'draft') throw appError('campaign_not_draft', { message: MSG.campaignNotDraft });
}

/** Only drafts can be discarded. */
export function assertDiscardable(campaign: CampaignRow): void {
  if (campaign.status !== 'draft') throw appError('campaign_not_draft', { message: MSG.campaignNotDiscardable });
}

/** A `brand_id` sent with a campaign names the owner's own brand, or nothing (else 403). */
export function assertOwnBrandId(brandIdRaw: string | undefined, brandId: number): void {
  if (brandIdRaw !== undefined && brandIdRaw !== '' && Number(brandIdRaw) !== brandId) throw appError('forbidden');
}
