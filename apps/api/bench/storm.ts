import http from 'node:http';

import pg from 'pg';

import { hashToken } from '../src/lib/tokens';

const STORM = 200;
const CAPACITY = 10;
const ALREADY = 7;
/** Sequential bookings before anything is timed (JIT, plans, the pool), then the idle series. */
const WARM = 20;
const IDLE = 50;

interface Sample {
  status: number;
  ms: number;
}

/**
 * One client. node:http rather than fetch: the client runs on the same two cores as the server, and
 * fetch (undici) costs it about 1 ms a request, which a burst of 200 shows as server latency (a bare
 * handler's p99 was about twice as high through fetch). A fresh keep-alive agent per series: the idle
 * series reuses one connection, like one user's browser; a burst opens one connection per request,
 * like that many users.
 */
function client(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const send = (method: string, pathname: string, token: string, body?: unknown): Promise<Sample> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const t0 = performance.now();
      const req = http.request(
        `${base}${pathname}`,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

async function sequential(n: number, one: (i: number) => Promise<Sample>): Promise<Sample[]> {
  const out: Sample[] = [];
  for (let i = 0; i < n; i += 1) out.push(await one(i));
  return out;
}

/** All at once, each on its own new connection. */
async function burst(base: string, n: number, one: (c: ReturnType<typeof client>, i: number) => Promise<Sample>) {
  const c = client(base);
  try {
    return await Promise.all(Array.from({ length: n }, (_, i) => one(c, i)));
  } finally {
    c.close();
  }
}

function percentile(xs: Sample[], q: number): number {
  const sorted = xs.map((x) => x.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const spread = (xs: Sample[]) => `p50 ${ms(percentile(xs, 0.5))} p99 ${ms(percentile(xs, 0.99))}`;

/**
 * The booking storm: a popular campaign with CAPACITY visits a week, ALREADY booked; STORM media
 * users ask at once for the same week. Exactly CAPACITY - ALREADY must succeed, none may get a 5xx,
 * and p99 must stay within 3x an idle booking request (issue 12). "An idle request" is the median
 * of IDLE sequential booking requests on a quiet campaign (each one creates a booking, the dearer
 * answer), as before; their p99 is printed but not judged on: of 50 requests it is the slowest one,
 * and one slow idle request on a busy machine turned a 514 ms storm into a PASS. The floor is printed
 * too: the same burst of STORM requests answered by a bare node:http handler (bench/bare-server.ts)
 * without a database and with the one token lookup, and STORM `GET profile` on the server: what any
 * request costs when 200 arrive at once on this machine, whatever the booking path does
 * (docs/performance.md).
 */
export async function bookingStorm(url: string, base: string, bareBase: string): Promise<void> {
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
    const quietBooking = JSON.stringify({ ...JSON.parse(booking), max_bookings_per_week: WARM + IDLE });
    const { rows: quiet } = await c.query<{ id: number }>(campaignSql, [brand[0]!.id, 'Quiet campaign', quietBooking]);
    await c.query(`INSERT INTO campaign_locations (campaign_id, location_id) VALUES ($1, $3), ($2, $3)`, [
      popular[0]!.id,
      quiet[0]!.id,
      loc[0]!.id,
    ]);
    const { rows: storm } = await c.query<{ id: number }>(
      `INSERT INTO users (name, email, role, tier, instagram)
       SELECT 'Storm ' || i, 'storm' || i || '@bench.test', 'influencer', 2, '@storm' || i
       FROM generate_series(1, $1::int) i RETURNING id`,
      [STORM + ALREADY + WARM + IDLE],
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
    const bookingBody = (campaignId: number) => ({
      campaign_id: campaignId,
      location_id: loc[0]!.id,
      booking_date: day,
      booking_time: '13:00',
      guests: 1,
    });
    const stormTokens = tokens.slice(ALREADY, ALREADY + STORM);
    const quietTokens = tokens.slice(ALREADY + STORM);
    // Warm-up and idle: one request at a time on the quiet campaign, one connection, each by its own
    // user (one live booking per user and campaign).
    const one = client(base);
    const warm = await sequential(WARM, (i) =>
      one.send('POST', '/api/v1/bookings', quietTokens[i]!, bookingBody(quiet[0]!.id)),
    );
    const idle = await sequential(IDLE, (i) =>
      one.send('POST', '/api/v1/bookings', quietTokens[WARM + i]!, bookingBody(quiet[0]!.id)),
    );
    await sequential(WARM, (i) => one.send('GET', '/api/v1/profile', stormTokens[i]!));
    one.close();
    const bare = client(bareBase);
    await sequential(WARM, (i) =>
      bare.send('POST', i % 2 ? '/floor' : '/floor/token', stormTokens[i]!, bookingBody(0)),
    );
    bare.close();

    // The floor: the same burst, answered by a bare handler (no framework), then by the server.
    const floorNone = await burst(bareBase, STORM, (b, i) =>
      b.send('POST', '/floor', stormTokens[i]!, bookingBody(popular[0]!.id)),
    );
    const floorToken = await burst(bareBase, STORM, (b, i) =>
      b.send('POST', '/floor/token', stormTokens[i]!, bookingBody(popular[0]!.id)),
    );
    const profile = await burst(base, STORM, (b, i) => b.send('GET', '/api/v1/profile', stormTokens[i]!));

    const stormResults = await burst(base, STORM, (b, i) =>
      b.send('POST', '/api/v1/bookings', stormTokens[i]!, bookingBody(popular[0]!.id)),
    );
    const { rows: final } = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE campaign_id = $1 AND week_start = $2 AND status IN ('pending', 'accepted', 'finished')`,
      [popular[0]!.id, day],
    );
    const idleP50 = percentile(idle, 0.5);
    const idleP99 = percentile(idle, 0.99);
    const stormP99 = percentile(stormResults, 0.99);
    const created = stormResults.filter((r) => r.status === 201).length;
    const fiveXx = stormResults.filter((r) => r.status >= 500).length;
    const statuses = (xs: Sample[]) =>
      JSON.stringify(
        xs.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {}),
      );
    const idleOk = [...warm, ...idle].every((r) => r.status === 201);
    const ok =
      created === CAPACITY - ALREADY && fiveXx === 0 && final[0]!.n === CAPACITY && stormP99 <= 3 * idleP50 && idleOk;
    console.log(
      `booking storm: ${STORM} at once for the last ${CAPACITY - ALREADY} of ${CAPACITY} slots: ${created} created, ` +
        `statuses ${statuses(stormResults)}, ${fiveXx} 5xx, week holds ${final[0]!.n}/${CAPACITY}; ` +
        `idle ${spread(idle)} (${IDLE} sequential, statuses ${statuses([...warm, ...idle])}); storm ${spread(stormResults)} = ` +
        `${(stormP99 / idleP50).toFixed(1)}x idle p50 (goal <= 3x; ${(stormP99 / idleP99).toFixed(1)}x idle p99) ${ok ? 'PASS' : 'WARN'}`,
    );
    const floorP99 = percentile(floorNone, 0.99);
    console.log(
      `  floor, ${STORM} at once on this machine: bare node:http ${spread(floorNone)} (${(floorP99 / idleP50).toFixed(1)}x idle p50), ` +
        `+ token lookup ${spread(floorToken)}, server GET profile ${spread(profile)} ${statuses(profile)}; ` +
        `storm p99 = ${(stormP99 / floorP99).toFixed(1)}x the bare floor`,
    );
  } finally {
    await c.end();
  }
}
