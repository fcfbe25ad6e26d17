import { kindOfCategory } from '@comped/shared/campaign-kinds';
import type { MediaType } from '@comped/shared/roles';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { arrayParam, executeSql, fromDriver, pageOfIds, preparedSql } from '../../db/prepared';
import { brands, campaignLocations, campaignPhotos, campaigns as campaignsTable, locations } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';

type CampaignRow = typeof campaignsTable.$inferSelect;

interface RelatedRow {
  id: number;
  brand: { name: string; logo: string | null; brandType: string | null } | null;
  featuredphotos: CampaignResource['featuredphotos'];
  locations: CampaignResource['locations'];
}

/** Each campaign `c`'s brand, photos and locations as JSON built in SQL (for a source `c` with id and brand_id). */
const relatedColumns = sql`
      (select json_build_object('name', b.name, 'logo', b.logo, 'brandType', b.brand_type)
        from ${brands} b where b.id = c.brand_id) as brand,
      coalesce((select json_agg(json_build_object('id', p.id, 'campaign_id', p.campaign_id, 'name', p.name,
          'path', p.path, 'thumb_path', p.thumb_path) order by p.id)
        from ${campaignPhotos} p where p.campaign_id = c.id), '[]') as featuredphotos,
      coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name, 'address', l.address,
          'time_zone', l.time_zone) order by l.id)
        from ${campaignLocations} cl join ${locations} l on l.id = cl.location_id
        where cl.campaign_id = c.id), '[]') as locations`;

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
    select c.id, ${relatedColumns}
    from unnest(${sql.placeholder('ids')}::int[], ${sql.placeholder('brands')}::int[]) as c(id, brand_id)`,
  );
  const result = await statement.execute({
    ids: arrayParam(rows.map((r) => r.id)),
    brands: arrayParam(rows.map((r) => r.brandId)),
  });
  const related = new Map(rowsOf<RelatedRow>(result).map((r) => [Number(r.id), r]));
  return rows.map((c) => campaignResourceOf(c, related.get(c.id)));
}

/** A campaign of a page read by campaignPage: its row and what the statement read beside it. */
export interface CampaignPageEntry {
  row: CampaignRow;
  related: RelatedRow;
  raw: Record<string, unknown>;
}

/**
 * A page of campaigns in one statement: `ids` selects the page's campaign ids in order (its values
 * as placeholders); their rows and related rows come with them, in that order, with `extra`
 * columns when a list shows more (`name`: one prepared statement per shape; null when the SQL
 * holds values, such as a filter's).
 */
export async function campaignPage(
  db: DbOrTx,
  name: string | null,
  ids: () => SQL,
  values: Record<string, unknown>,
  extra?: () => SQL,
): Promise<CampaignPageEntry[]> {
  const statement = () => sql`
    select c.*, ${relatedColumns}${extra ? sql`, ${extra()}` : sql``}
    from ${pageOfIds(ids())}
    join ${campaignsTable} c on c.id = page.id
    order by page.ord`;
  // null: a statement whose SQL carries a filter's values, built for this request only.
  const result = await executeSql(db, name, statement, values);
  return rowsOf<Record<string, unknown> & RelatedRow>(result).map((raw) => ({
    row: fromDriver(campaignsTable, raw),
    related: raw,
    raw,
  }));
}

/** The resource of a campaign row and its related rows (none found: an empty brand, no photos). */
export function campaignResourceOf(c: CampaignRow, found: RelatedRow | undefined): CampaignResource {
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
}

export async function toCampaignResource(db: DbOrTx, row: CampaignRow): Promise<CampaignResource> {
  const [out] = await toCampaignResources(db, [row]);
  if (!out) throw new Error('campaign serialization failed');
  return out;
}
