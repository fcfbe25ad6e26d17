/**
 * Reference handlers of the campaign lists: media discovery and the staff review queue. The page's
 * ids come from an index walk (the audience index for discovery, status and id for the queue), and
 * one statement reads those campaigns with their brand, photos and locations as JSON built in SQL;
 * the total comes from the kept counters, beside it.
 */
import { kindOfCategory } from '@comped/shared/campaign-kinds';

import type { Query, RefUser } from './reference-db';
import { meta, pageOf, todayNy } from './reference-db';

interface CampaignRow {
  id: number;
  name: string;
  description: string;
  brand_id: number;
  brand: { id: number; name: string; logo: string | null; brandType: string | null };
  category_id: number;
  status: string;
  step: number;
  launch_date: string | null;
  opening_date: string | null;
  event_date: string | null;
  end_date: string | null;
  from_time: string | null;
  to_time: string | null;
  key_players: unknown;
  featuredphotos: unknown[];
  locations: unknown[];
  booking: unknown;
  target: string[];
  tier_range_influencer: number[];
  tier_range_journalist: number[];
  influencer_instructions: unknown;
  review_reason: string | null;
  expires_on: string | null;
  created_at: Date;
  usage_rights: unknown;
}

/** The campaigns of `ids` (a CTE of `id` and an `ord` to sort by), with their related rows. */
function campaignsSql(idsCte: string): string {
  return `WITH ids AS (${idsCte})
    SELECT c.id, c.name, c.description, c.brand_id,
      json_build_object('id', c.brand_id, 'name', br.name, 'logo', br.logo, 'brandType', br.brand_type) AS brand,
      c.category_id, c.status, c.step, c.launch_date, c.opening_date, c.event_date, c.end_date, c.from_time,
      c.to_time, c.key_players,
      coalesce((SELECT json_agg(json_build_object('id', p.id, 'campaign_id', p.campaign_id, 'name', p.name,
          'path', p.path, 'thumb_path', p.thumb_path) ORDER BY p.id)
        FROM campaign_photos p WHERE p.campaign_id = c.id), '[]') AS featuredphotos,
      coalesce((SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'address', l.address,
          'time_zone', l.time_zone) ORDER BY l.id)
        FROM campaign_locations cl JOIN locations l ON l.id = cl.location_id WHERE cl.campaign_id = c.id), '[]') AS locations,
      c.booking, c.target, c.tier_range_influencer, c.tier_range_journalist, c.influencer_instructions,
      c.review_reason, c.expires_on, c.created_at, c.usage_rights
    FROM ids JOIN campaigns c ON c.id = ids.id JOIN brands br ON br.id = c.brand_id
    ORDER BY ids.ord`;
}

function resourceOf(c: CampaignRow, today: string) {
  const expired = c.status === 'approved' && c.expires_on !== null && c.expires_on < today;
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    brand_id: c.brand_id,
    brand: c.brand,
    category_id: c.category_id,
    status: expired ? 'expired' : c.status,
    step: c.step,
    attributes_type: kindOfCategory(c.category_id),
    attributes: {
      launch_date: c.launch_date,
      opening_date: c.opening_date,
      event_date: c.event_date,
      end_date: c.end_date,
      from_time: c.from_time,
      to_time: c.to_time,
      key_players: c.key_players,
    },
    featuredphotos: c.featuredphotos,
    locations: c.locations,
    type: { booking: c.booking ?? null },
    target: c.target,
    tier_range_influencer: c.tier_range_influencer,
    tier_range_journalist: c.tier_range_journalist,
    influencer_instructions: c.influencer_instructions ?? null,
    review_reason: c.review_reason,
    expires_on: c.expires_on,
    created_at: c.created_at.toISOString(),
    usage_rights: c.usage_rights ?? null,
  };
}

/**
 * GET influencers/{id}/campaigns: the audience index page (pinned with page[before], sought with
 * page[cursor]), the total from the audience's per-day counters, and on page 1 the campaigns the
 * user was invited to outside their tier at the head; each invited campaign carries `invitation`.
 */
export async function referenceDiscovery(query: Query, user: RefUser, url: URL): Promise<unknown> {
  const p = pageOf(url);
  if (user.tier === null) return { data: [], meta: meta(p.number, p.size, 0) };
  const today = todayNy();
  const first = p.number === 1 && p.cursor === undefined;
  const tierColumn = user.role === 'journalist' ? 'tier_range_journalist' : 'tier_range_influencer';
  const [page, [counted], head, invitations] = await Promise.all([
    query<CampaignRow>(
      'ref_discovery_page',
      campaignsSql(`SELECT a.campaign_id AS id, -a.campaign_id AS ord FROM campaign_audiences a
        WHERE a.media_type = $1 AND a.tier = $2 AND a.expires_on >= $3
          AND ($4::int IS NULL OR a.campaign_id <= $4) AND ($5::int IS NULL OR a.campaign_id < $5)
        ORDER BY a.campaign_id DESC LIMIT $6 OFFSET $7`),
      [user.role, user.tier, today, p.before ?? null, p.cursor ?? null, p.size, p.cursor ? 0 : (p.number - 1) * p.size],
    ),
    query<{ n: number }>(
      'ref_discovery_total',
      `SELECT (SELECT coalesce(sum(n), 0)::int FROM campaign_audience_counts
          WHERE media_type = $1 AND tier = $2 AND expires_on >= $3)
        - (SELECT count(*)::int FROM campaign_audiences
          WHERE $4::int IS NOT NULL AND media_type = $1 AND tier = $2 AND expires_on >= $3 AND campaign_id > $4) AS n`,
      [user.role, user.tier, today, p.before ?? null],
    ),
    first
      ? query<CampaignRow>(
          `ref_discovery_invited_${tierColumn}`,
          campaignsSql(`SELECT c.id, -c.id AS ord FROM campaign_invitations ci JOIN campaigns c ON c.id = ci.campaign_id
            WHERE ci.user_id = $1 AND ci.status IN ('open', 'booked') AND c.status = 'approved'
              AND c.deleted_at IS NULL AND (c.expires_on IS NULL OR c.expires_on >= $2) AND c.target @> ARRAY[$3]
              AND NOT c.${tierColumn} @> ARRAY[$4::int]
            ORDER BY c.id DESC LIMIT 20`),
          [user.id, today, user.role, user.tier],
        )
      : Promise.resolve([]),
    query<{ id: number; campaign_id: number; note: string | null; status: string; brand_name: string }>(
      'ref_discovery_invitations',
      `SELECT ci.id, ci.campaign_id, ci.note, ci.status, b.name AS brand_name
       FROM campaign_invitations ci JOIN brands b ON b.id = ci.brand_id
       WHERE ci.user_id = $1 AND ci.status IN ('open', 'booked')`,
      [user.id],
    ),
  ]);
  const byCampaign = new Map(invitations.map((i) => [i.campaign_id, i]));
  const data = [...head, ...page].map((c) => {
    const i = byCampaign.get(c.id);
    return {
      ...resourceOf(c, today),
      invitation: i ? { id: i.id, brand_name: i.brand_name, note: i.note, status: i.status } : null,
    };
  });
  const m = meta(p.number, p.size, counted?.n ?? 0);
  return { data, meta: { ...m, total: m.total + head.length } };
}

/**
 * GET admin/campaigns?filter[status]=review: oldest first, pinned with page[after], sought with
 * page[cursor]; the total is the status's counter less the queued campaigns before the pin.
 */
export async function referenceReviewQueue(query: Query, url: URL): Promise<unknown> {
  const p = pageOf(url);
  const status = url.searchParams.get('filter[status]') ?? 'review';
  const today = todayNy();
  const [rows, [counted]] = await Promise.all([
    query<CampaignRow>(
      'ref_review_page',
      campaignsSql(`SELECT id, id AS ord FROM campaigns
        WHERE status = $1 AND deleted_at IS NULL AND ($2::int IS NULL OR id >= $2) AND ($3::int IS NULL OR id > $3)
        ORDER BY id LIMIT $4 OFFSET $5`),
      [status, p.after ?? null, p.cursor ?? null, p.size, p.cursor ? 0 : (p.number - 1) * p.size],
    ),
    query<{ n: number }>(
      'ref_review_total',
      `SELECT coalesce((SELECT n FROM campaign_status_counts WHERE status = $1), 0)::int
        - (SELECT count(*)::int FROM campaigns WHERE $2::int IS NOT NULL AND status = $1 AND deleted_at IS NULL AND id < $2) AS n`,
      [status, p.after ?? null],
    ),
  ]);
  return { data: rows.map((c) => resourceOf(c, today)), meta: meta(p.number, p.size, counted?.n ?? 0) };
}
