import { kindOfCategory } from '@comped/shared/campaign-kinds';
import type { MediaType } from '@comped/shared/roles';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { asc, eq, inArray } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { brands, campaignLocations, campaignPhotos, campaigns, locations } from '../../db/schema';

type CampaignRow = typeof campaigns.$inferSelect;

/** Builds CampaignResource (packages/shared/src/schemas/resources.ts) for rows, in their order. */
export async function toCampaignResources(db: DbOrTx, rows: CampaignRow[]): Promise<CampaignResource[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const brandIds = [...new Set(rows.map((r) => r.brandId))];
  const [brandRows, photoRows, locationRows] = await Promise.all([
    db.select().from(brands).where(inArray(brands.id, brandIds)),
    db.select().from(campaignPhotos).where(inArray(campaignPhotos.campaignId, ids)).orderBy(asc(campaignPhotos.id)),
    db
      .select({
        campaignId: campaignLocations.campaignId,
        id: locations.id,
        name: locations.name,
        address: locations.address,
        time_zone: locations.timeZone,
      })
      .from(campaignLocations)
      .innerJoin(locations, eq(locations.id, campaignLocations.locationId))
      .where(inArray(campaignLocations.campaignId, ids))
      .orderBy(asc(locations.id)),
  ]);
  const brandById = new Map(brandRows.map((b) => [b.id, b]));
  return rows.map((c) => {
    const brand = brandById.get(c.brandId);
    return {
      id: c.id,
      name: c.name,
      description: c.description,
      brand_id: c.brandId,
      brand: { id: c.brandId, name: brand?.name ?? '', logo: brand?.logo ?? null, brandType: brand?.brandType ?? null },
      category_id: c.categoryId,
      status: c.status,
      step: c.step,
      attributes_type: kindOfCategory(c.categoryId),
      attributes: {
        launch_date: c.launchDate,
        opening_date: c.openingDate,
        event_date: c.eventDate,
        end_date: c.endDate,
        from_time: c.fromTime,
        to_time: c.toTime,
        key_players: c.keyPlayers,
      },
      featuredphotos: photoRows
        .filter((p) => p.campaignId === c.id)
        .map((p) => ({ id: p.id, campaign_id: c.id, name: p.name, path: p.path, thumb_path: p.thumbPath })),
      locations: locationRows
        .filter((l) => l.campaignId === c.id)
        .map((l) => ({ id: l.id, name: l.name, address: l.address, time_zone: l.time_zone })),
      type: { booking: c.booking ?? null },
      target: c.target as MediaType[],
      tier_range_influencer: c.tierRangeInfluencer,
      tier_range_journalist: c.tierRangeJournalist,
      influencer_instructions: c.influencerInstructions ?? null,
      review_reason: c.reviewReason,
      expires_on: c.expiresOn,
      created_at: c.createdAt.toISOString(),
      usage_rights: c.usageRights ?? null,
    };
  });
}

export async function toCampaignResource(db: DbOrTx, row: CampaignRow): Promise<CampaignResource> {
  const [out] = await toCampaignResources(db, [row]);
  if (!out) throw new Error('campaign serialization failed');
  return out;
}
