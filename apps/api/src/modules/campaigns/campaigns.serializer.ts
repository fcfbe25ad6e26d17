import { kindOfCategory } from '@comped/shared/campaign-kinds';
import type { MediaType } from '@comped/shared/roles';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { arrayParam, preparedSql } from '../../db/prepared';
import type { campaigns } from '../../db/schema';
import { brands, campaignLocations, campaignPhotos, locations } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';

type CampaignRow = typeof campaigns.$inferSelect;

interface RelatedRow {
  id: number;
  brand: { name: string; logo: string | null; brandType: string | null } | null;
  featuredphotos: CampaignResource['featuredphotos'];
  locations: CampaignResource['locations'];
}

/**
 * Builds CampaignResource (packages/shared/src/schemas/resources.ts) for rows, in their order: one
 * statement reads each campaign's brand, photos and locations as JSON built in SQL.
 */
export async function toCampaignResources(db: DbOrTx, rows: CampaignRow[]): Promise<CampaignResource[]> {
  if (rows.length === 0) return [];
  // The rows' own ids and brands (a row may be a write not committed where `db` reads), as two
  // arrays: one statement, prepared once per connection, whatever the number of rows (issue 31).
  const statement = preparedSql(
    db,
    'campaign_related',
    () => sql`
    select c.id,
      (select json_build_object('name', b.name, 'logo', b.logo, 'brandType', b.brand_type)
        from ${brands} b where b.id = c.brand_id) as brand,
      coalesce((select json_agg(json_build_object('id', p.id, 'campaign_id', p.campaign_id, 'name', p.name,
          'path', p.path, 'thumb_path', p.thumb_path) order by p.id)
        from ${campaignPhotos} p where p.campaign_id = c.id), '[]') as featuredphotos,
      coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name, 'address', l.address,
          'time_zone', l.time_zone) order by l.id)
        from ${campaignLocations} cl join ${locations} l on l.id = cl.location_id
        where cl.campaign_id = c.id), '[]') as locations
    from unnest(${sql.placeholder('ids')}::int[], ${sql.placeholder('brands')}::int[]) as c(id, brand_id)`,
  );
  const result = await statement.execute({
    ids: arrayParam(rows.map((r) => r.id)),
    brands: arrayParam(rows.map((r) => r.brandId)),
  });
  const related = new Map(rowsOf<RelatedRow>(result).map((r) => [Number(r.id), r]));
  return rows.map((c) => {
    const found = related.get(c.id);
    const brand = found?.brand;
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
      featuredphotos: found?.featuredphotos ?? [],
      locations: found?.locations ?? [],
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
