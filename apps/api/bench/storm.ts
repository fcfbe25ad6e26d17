import pg from 'pg';
import { hashToken } from '../src/lib/tokens';

const STORM = 200;
const CAPACITY = 10;
const ALREADY = 7;

/**
 * The booking storm: a popular campaign with CAPACITY visits a week, ALREADY booked; STORM media
 * users ask at once for the same week. Exactly CAPACITY - ALREADY must succeed, none may get a 5xx,
 * and p99 must stay within 3x an idle booking request (issue 12).
 */
export async function bookingStorm(url: string, base: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows: dayRows } = await c.query<{ day: string }>(
      `SELECT to_char(current_date + 14 + (8 - extract(isodow FROM current_date + 14)::int) % 7, 'YYYY-MM-DD') AS day`,
    );
    const day = dayRows[0]!.day; // a Monday two to three weeks ahead
    const { rows: owner } = await c.query<{ id: number }>(
      `INSERT INTO users (name, email, role) VALUES ('Storm Owner', 'storm-owner@bench.test', 'brands') RETURNING id`,
    );
    const { rows: brand } = await c.query<{ id: number }>(
      `INSERT INTO brands (owner_id, name, address, zip, phones) VALUES ($1, 'Storm Bistro', '1 Storm St', '10001', '555')
       RETURNING id`,
      [owner[0]!.id],
    );
    const hours = JSON.stringify(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => ({
        day: d,
        start_time: '09:00',
        end_time: '22:00',
      })),
    );
    const { rows: loc } = await c.query<{ id: number }>(
      `INSERT INTO locations (brand_id, name, address, email, phone, contact, time_zone, zip, hours)
       VALUES ($1, 'Storm room', '1 Storm St', 'storm@bench.test', '555', 'Host', 'America/New_York', '10001', $2)
       RETURNING id`,
      [brand[0]!.id, hours],
    );
    const booking = JSON.stringify({
      compensation: 0,
      max_bookings_per_week: CAPACITY,
      max_guests: 2,
      information_only: false,
      tip: null,
      switch: false,
      unavailable_dates: {},
    });
    const campaignSql = `INSERT INTO campaigns (brand_id, category_id, status, name, description, target,
        tier_range_influencer, launch_date, expires_on, booking)
      VALUES ($1, 1, 'approved', $2, 'The busiest table in town', ARRAY['influencer'], ARRAY[1,2,3,4],
        current_date - 30, current_date + 60, $3) RETURNING id`;
    const { rows: popular } = await c.query<{ id: number }>(campaignSql, [brand[0]!.id, 'Storm campaign', booking]);
    const { rows: quiet } = await c.query<{ id: number }>(campaignSql, [brand[0]!.id, 'Quiet campaign', booking]);
    await c.query(`INSERT INTO campaign_locations (campaign_id, location_id) VALUES ($1, $3), ($2, $3)`, [
      popular[0]!.id,
      quiet[0]!.id,
      loc[0]!.id,
    ]);
    const { rows: storm } = await c.query<{ id: number }>(
      `INSERT INTO users (name, email, role, tier, instagram)
       SELECT 'Storm ' || i, 'storm' || i || '@bench.test', 'influencer', 2, '@storm' || i
       FROM generate_series(1, $1::int) i RETURNING id`,
      [STORM + ALREADY + 10],
    );
    const tokens = storm.map((u) => `storm-token-${u.id}`);
    await c.query(`INSERT INTO access_tokens (user_id, token_hash) SELECT * FROM unnest($1::int[], $2::text[])`, [
      storm.map((u) => u.id),
      tokens.map(hashToken),
    ]);
    await c.query(
      `INSERT INTO bookings (campaign_id, location_id, user_id, brand_id, status, booking_date, booking_time, week_start,
         visit_at, guests)
       SELECT $1, $2, u, $3, 'accepted', $4::date, '12:00', $4::date, ($4::date + time '12:00') AT TIME ZONE 'America/New_York', 1
       FROM unnest($5::int[]) u`,
      [popular[0]!.id, loc[0]!.id, brand[0]!.id, day, storm.slice(0, ALREADY).map((u) => u.id)],
    );
    const post = async (token: string, campaignId: number) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/bookings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          campaign_id: campaignId,
          location_id: loc[0]!.id,
          booking_date: day,
          booking_time: '13:00',
          guests: 1,
        }),
      });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - t0 };
    };
    // Idle: one request at a time, on the quiet campaign (the last 10 users).
    const idle: number[] = [];
    const idleStatuses: number[] = [];
    for (const token of tokens.slice(STORM + ALREADY)) {
      const r = await post(token, quiet[0]!.id);
      idle.push(r.ms);
      idleStatuses.push(r.status);
    }
    const stormResults = await Promise.all(tokens.slice(ALREADY, ALREADY + STORM).map((t) => post(t, popular[0]!.id)));
    const { rows: final } = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE campaign_id = $1 AND week_start = $2 AND status IN ('pending', 'accepted', 'finished')`,
      [popular[0]!.id, day],
    );
    const p = (xs: number[], q: number) =>
      [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
    const idleP50 = p(idle, 0.5);
    const stormP99 = p(
      stormResults.map((r) => r.ms),
      0.99,
    );
    const created = stormResults.filter((r) => r.status === 201).length;
    const fiveXx = stormResults.filter((r) => r.status >= 500).length;
    const byStatus = stormResults.reduce<Record<number, number>>(
      (acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }),
      {},
    );
    const ok =
      created === CAPACITY - ALREADY &&
      fiveXx === 0 &&
      final[0]!.n === CAPACITY &&
      stormP99 <= 3 * idleP50 &&
      idleStatuses.every((s) => s === 201);
    console.log(
      `booking storm: ${STORM} at once for the last ${CAPACITY - ALREADY} of ${CAPACITY} slots: ${created} created, ` +
        `statuses ${JSON.stringify(byStatus)}, ${fiveXx} 5xx, week holds ${final[0]!.n}/${CAPACITY}; ` +
        `idle p50 ${idleP50.toFixed(0)} ms (statuses ${[...new Set(idleStatuses)].join(',')}), storm p99 ${stormP99.toFixed(0)} ms ` +
        `(${(stormP99 / idleP50).toFixed(1)}x) ${ok ? 'PASS' : 'WARN'}`,
    );
  } finally {
    await c.end();
  }
}
