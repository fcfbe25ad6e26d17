import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@comped/shared/messages';
import type { DbOrTx } from '../../db/client';
import { brands, campaigns } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-errors';

type CampaignRow = typeof campaigns.$inferSelect;

/**
 * `campaigns/{id}` for a brand owner: an id that does not exist (or was discarded) is 404; another
 * brand's campaign is 403 and reveals nothing of it.
 */
export async function ownedCampaign(db: DbOrTx, userId: number, campaignId: number): Promise<CampaignRow> {
  const [row] = await db
    .select({ campaign: campaigns, ownerId: brands.ownerId })
    .from(campaigns)
    .innerJoin(brands, eq(brands.id, campaigns.brandId))
    .where(and(eq(campaigns.id, campaignId), isNull(campaigns.deletedAt)))
    .limit(1);
  if (!row) throw notFound();
  if (row.ownerId !== userId) throw forbidden();
  return row.campaign;
}

/** Only drafts can be edited or submitted (a campaign in review or approved is frozen). */
export function assertEditable(campaign: CampaignRow): void {
  if (campaign.status !== 'draft') throw conflict(MSG.campaignNotDraft, 'campaign_not_draft');
}

/** Only drafts can be discarded. */
export function assertDiscardable(campaign: CampaignRow): void {
  if (campaign.status !== 'draft') throw conflict(MSG.campaignNotDiscardable, 'campaign_not_draft');
}
