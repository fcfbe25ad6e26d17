import pg from 'pg';

import { hashToken } from '../src/lib/tokens';

/** Issue 16: `GET brands/{id}/insights` answers in under 300 ms for a brand with 10,000 bookings. */
export const INSIGHTS_BOOKINGS = 10_000;
const INSIGHTS_GOAL_MS = 300;
const INSIGHTS_TOKEN = 'bench-insights-brand-token';
const CAMPAIGNS = 100;

/**
 * Gives brand 2 its own 100 campaigns (expired, so discovery is unchanged) and 10,000 bookings over
 * them from 100 media users, spread over the last 180 days and the next 30, every status; finished
 * visits carry a completed task with a post and a story. Returns the brand id and its owner's token.
 */
export async function seedInsightsBrand(url: string, mediaUsers: number): Promise<{ brandId: number; token: string }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const {
      rows: [brand],
    } = await c.query<{ id: number; owner_id: number }>('SELECT id, owner_id FROM brands ORDER BY id OFFSET 1 LIMIT 1');
    if (!brand) throw new Error('the bench seed has no second brand');
    await c.query('INSERT INTO access_tokens (user_id, token_hash) VALUES ($1, $2)', [
      brand.owner_id,
      hashToken(INSIGHTS_TOKEN),
    ]);
    const { rows: made } = await c.query<{ id: number }>(
      `INSERT INTO campaigns (brand_id, category_id, status, name, description, target, tier_range_influencer,
         tier_range_journalist, launch_date, expires_on, submitted_at, approved_at, booking)
       SELECT $1::int, 1 + i % 4, 'expired', 'Insights campaign ' || i, 'Seeded for the insights read',
         ARRAY['influencer', 'journalist'], ARRAY[1,2,3,4], ARRAY[1,2,3,4], current_date - 200, current_date - 1,
         now() - interval '200 days', now() - interval '199 days',
         jsonb_build_object('compensation', 50 + i % 5 * 25, 'max_bookings_per_week', 50, 'max_guests', 4,
           'information_only', false, 'tip', null, 'switch', false, 'unavailable_dates', '{}'::jsonb)
       FROM generate_series(1, $2::int) i RETURNING id`,
      [brand.id, CAMPAIGNS],
    );
    const ids = made.map((r) => r.id);
    await c.query(
      `INSERT INTO campaign_locations (campaign_id, location_id)
       SELECT c, l.id FROM unnest($1::int[]) c CROSS JOIN locations l WHERE l.brand_id = $2`,
      [ids, brand.id],
    );
    const users = Math.min(mediaUsers - 1, INSIGHTS_BOOKINGS / CAMPAIGNS);
    await c.query(
      `WITH p AS (
         SELECT k, ($1::int[])[1 + k % $2::int] AS campaign_id, 3 + (k / $2::int) % $3::int AS user_id
         FROM generate_series(0, $4::int - 1) k),
       b AS (
         SELECT p.*, CASE WHEN k % 20 < 2 THEN 'pending' WHEN k % 20 < 5 THEN 'accepted' WHEN k % 20 < 15 THEN 'finished'
           WHEN k % 20 < 17 THEN 'declined' WHEN k % 20 = 17 THEN 'cancelled' ELSE 'no_show' END AS status,
           CASE WHEN k % 20 < 5 THEN current_date + 1 + k % 30 ELSE current_date - 1 - k % 180 END AS day
         FROM p)
       INSERT INTO bookings (campaign_id, location_id, user_id, brand_id, status, booking_date, booking_time,
         week_start, visit_at, guests)
       SELECT b.campaign_id, l.id, b.user_id, $5::int, b.status, b.day, '19:00', date_trunc('week', b.day)::date,
         (b.day + time '19:00') AT TIME ZONE 'America/New_York', 1 + b.k % 3
       FROM b JOIN locations l ON l.brand_id = $5::int
       ON CONFLICT DO NOTHING`,
      [ids, CAMPAIGNS, users, INSIGHTS_BOOKINGS, brand.id],
    );
    await c.query(
      `INSERT INTO tasks (booking_id, user_id, completed, completed_at, posts)
       SELECT id, user_id, true, visit_at + interval '2 days',
         '[{"type":"post","link":"https://www.instagram.com/p/bench/"},{"type":"story","link":"https://www.instagram.com/stories/bench/1/"}]'::jsonb
       FROM bookings WHERE brand_id = $1 AND status = 'finished'
       ON CONFLICT DO NOTHING`,
      [brand.id],
    );
    await c.query('ANALYZE bookings; ANALYZE tasks');
    return { brandId: brand.id, token: INSIGHTS_TOKEN };
  } finally {
    await c.end();
  }
}

/** One request at a time, as a brand opening /insights does: p50 and the slowest of 30, PASS under 300 ms. */
export async function measureInsights(baseUrl: string, brandId: number, token: string): Promise<void> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const url = `${baseUrl}/api/v1/brands/${brandId}/insights?from=${day(-365)}&to=${day(60)}`;
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 33; i += 1) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data?: { totals?: { bookings?: Record<string, number> } } };
    if (!res.ok) throw new Error(`insights answered ${res.status}`);
    if (i >= 3) times.push(performance.now() - t0); // the first three warm the plans and the pool
    total = Object.values(body.data?.totals?.bookings ?? {}).reduce((a, b) => a + b, 0);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  const max = times.at(-1)!;
  console.log(
    `${`brand insights (${total.toLocaleString()} bookings)`.padEnd(40)} p50 ${p50.toFixed(0).padStart(4)} ms  ` +
      `slowest ${max.toFixed(0).padStart(4)} ms of ${times.length}  goal < ${INSIGHTS_GOAL_MS} ms  ${max < INSIGHTS_GOAL_MS ? 'PASS' : 'WARN'}`,
  );
}
