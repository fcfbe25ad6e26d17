import pg from 'pg';

import { hashToken } from '../src/lib/tokens';

/** One benchmark scale. Per-owner volumes of the benchmark's own users are the same at every scale. */
export interface Scale {
  name: string;
  campaigns: number;
  bookings: number;
  mediaUsers: number;
  brands: number;
  pendingApplications: number;
  /** Issue 26: conversations and messages (bench/conversations.ts). */
  conversations: number;
  messages: number;
}

export const SCALES: Scale[] = [
  {
    name: 'small',
    campaigns: 1_000,
    bookings: 10_000,
    mediaUsers: 100,
    brands: 100,
    pendingApplications: 50,
    conversations: 1_000,
    messages: 10_000,
  },
  {
    name: 'large',
    campaigns: 200_000,
    bookings: 1_000_000,
    mediaUsers: 20_000,
    brands: 20_000,
    pendingApplications: 10_000,
    conversations: 100_000,
    messages: 1_000_000,
  },
];

/** Bearer tokens of the users the benchmark reads as (inserted as hashes, like real sign-ins). */
export const TOKENS = {
  influencer: 'bench-influencer-token',
  brand: 'bench-brand-token',
  host: 'bench-host-token',
  staff: 'bench-staff-token',
};

const HEALTH_TRIGGERS = [
  ['campaigns', 'health_campaign_sync'],
  ['bookings', 'health_booking_sync'],
  ['tasks', 'health_task_sync'],
] as const;

/** Bookings given to the benchmark brand and influencer on top of the spread, at every scale. */
const OWN_BOOKINGS = 600;
/** Notifications of the benchmark influencer, at every scale (every third one unread). */
const OWN_NOTIFICATIONS = 300;

/**
 * Fills an empty, migrated database in set-based statements (generate_series, no row loops). The
 * campaign triggers are off while campaigns load; campaign_audiences_rebuild() then fills the
 * discovery tables in two statements and queue_counts_rebuild() the staff queues' counters.
 * Returns the ids the reads need.
 */
export async function seed(url: string, s: Scale): Promise<{ influencerId: number; brandId: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const q = (text: string, values: unknown[] = []) => c.query(text, values);
  try {
    await q('SET synchronous_commit = off');
    // The health report's triggers (migration 0020) are off while the tables load; rebuilt at the end.
    for (const [table, trigger] of HEALTH_TRIGGERS) await q(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
    // Users: staff 1, the benchmark influencer 2, media users, then one owner per brand.
    await q(
      `INSERT INTO users (name, email, role, tier)
       SELECT 'Staff', 'staff@bench.test', 'staff', NULL
       UNION ALL SELECT 'Bench Influencer', 'influencer@bench.test', 'influencer', 2
       UNION ALL SELECT 'Media ' || i, 'media' || i || '@bench.test',
         CASE WHEN i % 5 = 0 THEN 'journalist' ELSE 'influencer' END, 1 + i % 4
         FROM generate_series(1, $1::int - 1) i`,
      [s.mediaUsers],
    );
    const firstOwner = s.mediaUsers + 2;
    await q(
      `INSERT INTO users (name, email, role) SELECT 'Owner ' || i, 'owner' || i || '@bench.test', 'brands'
       FROM generate_series(1, $1::int) i`,
      [s.brands],
    );
    await q(
      `INSERT INTO brands (owner_id, name, address, zip, phones)
       SELECT $2::int + i - 1, 'Brand ' || i, i || ' Main Street', lpad((10000 + i % 80000)::text, 5, '0'), '555-0100'
       FROM generate_series(1, $1::int) i`,
      [s.brands, firstOwner],
    );
    await q(
      `INSERT INTO locations (brand_id, name, address, email, phone, contact, time_zone, zip)
       SELECT id, 'Main room', address, 'loc' || id || '@bench.test', '555-0101', 'Host', 'America/New_York', zip FROM brands`,
    );
    await q(`INSERT INTO access_tokens (user_id, token_hash) VALUES (1, $1), (2, $2), ($3, $4)`, [
      hashToken(TOKENS.staff),
      hashToken(TOKENS.influencer),
      firstOwner,
      hashToken(TOKENS.brand),
    ]);
    // Campaigns: 60% approved (a third of them past their last day), 20% expired, 10% in review,
    // 10% drafts; aimed at influencers (70%), journalists (15%) or both; tiers from a hash.
    await q('ALTER TABLE campaigns DISABLE TRIGGER campaign_audiences_sync');
    await q('ALTER TABLE campaigns DISABLE TRIGGER campaign_status_counts_sync');
    await q(
      `INSERT INTO campaigns (brand_id, category_id, status, name, description, target, tier_range_influencer,
         tier_range_journalist, launch_date, expires_on, submitted_at, approved_at)
       SELECT 1 + (i - 1) % $2::int, 1 + i % 4,
         CASE WHEN i % 10 < 6 THEN 'approved' WHEN i % 10 < 8 THEN 'expired' WHEN i % 10 = 8 THEN 'review' ELSE 'draft' END,
         'Campaign ' || i, 'A complimentary visit for our guests number ' || i,
         CASE WHEN i % 20 < 14 THEN ARRAY['influencer'] WHEN i % 20 < 17 THEN ARRAY['journalist']
              ELSE ARRAY['influencer', 'journalist'] END,
         CASE i % 4 WHEN 0 THEN ARRAY[1,2] WHEN 1 THEN ARRAY[2,3,4] WHEN 2 THEN ARRAY[3,4] ELSE ARRAY[1,2,3,4] END,
         CASE i % 3 WHEN 0 THEN ARRAY[1,2] WHEN 1 THEN ARRAY[2,3] ELSE ARRAY[1,2,3,4] END,
         current_date - 30,
         CASE WHEN i % 10 < 6 AND i % 3 = 0 THEN current_date - 1 - i % 60
              WHEN i % 10 < 6 THEN current_date + 1 + i % 300 ELSE current_date - 1 - i % 300 END,
         now() - interval '40 days', CASE WHEN i % 10 < 8 THEN now() - interval '35 days' END
       FROM generate_series(1, $1::int) i`,
      [s.campaigns, s.brands],
    );
    await q('ALTER TABLE campaigns ENABLE TRIGGER campaign_audiences_sync');
    await q('ALTER TABLE campaigns ENABLE TRIGGER campaign_status_counts_sync');
    await q('SELECT campaign_audiences_rebuild()');
    await q(
      `INSERT INTO campaign_locations (campaign_id, location_id)
       SELECT c.id, l.id FROM campaigns c JOIN locations l ON l.brand_id = c.brand_id`,
    );
    // Bookings spread over media users and campaigns (distinct pairs), then the benchmark brand's
    // and influencer's own bookings. Live ones are upcoming, the others in the past.
    const bookingSql = (pairs: string) => `
      WITH p AS (${pairs}), b AS (
        SELECT p.*, c.brand_id,
          CASE WHEN p.k % 20 < 3 THEN 'pending' WHEN p.k % 20 < 7 THEN 'accepted' WHEN p.k % 20 < 16 THEN 'finished'
               WHEN p.k % 20 < 18 THEN 'declined' WHEN p.k % 20 = 18 THEN 'cancelled' ELSE 'no_show' END AS status,
          CASE WHEN p.k % 20 < 7 THEN current_date + 1 + p.k % 90 ELSE current_date - 1 - p.k % 365 END AS day
        FROM p JOIN campaigns c ON c.id = p.campaign_id)
      INSERT INTO bookings (campaign_id, location_id, user_id, brand_id, status, booking_date, booking_time,
        week_start, visit_at, guests)
      SELECT b.campaign_id, l.id, b.user_id, b.brand_id, b.status, b.day, '19:00',
        date_trunc('week', b.day)::date, (b.day + time '19:00') AT TIME ZONE 'America/New_York', 1 + b.k % 3
      FROM b JOIN locations l ON l.brand_id = b.brand_id
      ON CONFLICT DO NOTHING`;
    await q(
      bookingSql(`SELECT i AS k, 3 + i % ($2::int - 1) AS user_id,
        1 + ((i / ($2::int - 1)) * 4001 + (i % ($2::int - 1)) * 7) % $3::int AS campaign_id
        FROM generate_series(0, $1::int - 1) i`),
      [s.bookings - 2 * OWN_BOOKINGS, s.mediaUsers, s.campaigns],
    );
    // The benchmark brand (brand 1, campaigns 1, 1+brands, ...): bookings from many media users.
    await q(
      bookingSql(`SELECT i AS k, 3 + i % ($2::int - 1) AS user_id, 1 + (i % 5) * $3::int AS campaign_id
        FROM generate_series(0, $1::int - 1) i`),
      [OWN_BOOKINGS, s.mediaUsers, s.brands],
    );
    // The benchmark influencer (user 2): one booking on each of OWN_BOOKINGS campaigns.
    await q(
      bookingSql(`SELECT i AS k, 2 AS user_id, 1 + (i * 37) % $2::int AS campaign_id
        FROM generate_series(0, $1::int - 1) i`),
      [OWN_BOOKINGS, s.campaigns],
    );
    await q(
      `INSERT INTO tasks (booking_id, user_id, completed, completed_at)
       SELECT id, user_id, status = 'finished' AND id % 2 = 0, CASE WHEN status = 'finished' AND id % 2 = 0 THEN visit_at + interval '2 days' END
       FROM bookings WHERE status IN ('accepted', 'finished')`,
    );
    await q(
      `INSERT INTO media_applications (name, email, type, instagram, status, reviewed_at)
       SELECT 'Applicant ' || i, 'applicant' || i || '@bench.test', 'influencer', '@applicant' || i,
         CASE WHEN i <= $1::int THEN 'pending' ELSE 'rejected' END,
         CASE WHEN i > $1::int THEN now() - (i || ' minutes')::interval END
       FROM generate_series(1, $1::int * 3) i`,
      [s.pendingApplications],
    );
    // Notifications: the benchmark influencer's own, then a spread over the other media users.
    await q(
      `INSERT INTO notifications (user_id, type, title, body, link, created_at, read_at)
       SELECT CASE WHEN i <= $1::int THEN 2 ELSE 3 + i % ($3::int - 1) END,
         CASE i % 3 WHEN 0 THEN 'booking_accepted' WHEN 1 THEN 'booking_requested' ELSE 'task_due' END,
         'Notification ' || i, 'Something happened to booking ' || i, '/bookings/' || i,
         now() - (i || ' minutes')::interval, CASE WHEN i % 3 <> 0 THEN now() - (i || ' seconds')::interval END
       FROM generate_series(1, $1::int + $2::int) i`,
      [OWN_NOTIFICATIONS, s.bookings / 5, s.mediaUsers],
    );
    // The content library: one delivered post or story per completed task (with the rights of
    // every other one), so the benchmark brand's library grows with its own bookings.
    await q(
      `INSERT INTO content_items (brand_id, campaign_id, booking_id, task_id, user_id, type, network, url, checked,
         rights, favourite, delivered_at)
       SELECT b.brand_id, b.campaign_id, b.id, t.id, t.user_id, CASE WHEN t.id % 3 = 0 THEN 'story' ELSE 'post' END,
         'instagram', 'https://www.instagram.com/p/bench' || t.id, t.id % 2 = 0,
         CASE WHEN t.id % 2 = 0 THEN jsonb_build_object('organic', true, 'ads', t.id % 4 = 0, 'website', false,
           'expires_on', to_char(t.completed_at + interval '90 days', 'YYYY-MM-DD')) END,
         t.id % 7 = 0, t.completed_at
       FROM tasks t JOIN bookings b ON b.id = t.booking_id WHERE t.completed`,
    );
    // A host of the benchmark brand (brand teams: sees the bookings of its one location), and the
    // owner's active plan (the creator directory needs one).
    const host = await q(
      `INSERT INTO users (name, email, role) VALUES ('Bench Host', 'host@bench.test', 'brands') RETURNING id`,
    );
    const hostId = Number(host.rows[0].id);
    await q(
      `INSERT INTO brand_members (brand_id, user_id, email, role, location_ids, expires_at, accepted_at)
       SELECT 1, $1::int, 'host@bench.test', 'host', jsonb_build_array(l.id), now() + interval '7 days', now()
       FROM locations l WHERE l.brand_id = 1`,
      [hostId],
    );
    await q(`INSERT INTO access_tokens (user_id, token_hash) VALUES ($1, $2)`, [hostId, hashToken(TOKENS.host)]);
    await q(
      `INSERT INTO plans (title, price_cents, intro_price_cents, intro_months, allowed_locations, allowed_brands)
       SELECT 'Bench plan', 9900, 4900, 3, 5, 1 WHERE NOT EXISTS (SELECT 1 FROM plans)`,
    );
    await q(
      `INSERT INTO subscriptions (user_id, plan_id, status, provider, current_period_start, current_period_end)
       SELECT $1::int, (SELECT min(id) FROM plans), 'active', 'local', now() - interval '1 day', now() + interval '29 days'`,
      [firstOwner],
    );
    // The staff queues' counters: campaigns were loaded with their counting trigger off.
    await q('SELECT queue_counts_rebuild()');
    for (const [table, trigger] of HEALTH_TRIGGERS) await q(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
    await q('SELECT health_rollup_rebuild()');
    await q('VACUUM ANALYZE');
    return { influencerId: 2, brandId: 1 };
  } finally {
    await c.end();
  }
}
