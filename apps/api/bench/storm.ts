import http from 'node:http';

import pg from 'pg';

import { hashToken } from '../src/lib/tokens';

const STORM = 200;
const CAPACITY = 10;
const ALREADY = 7;
/** Sequential bookings before anything is timed (JIT, plans, the pool), then the idle series. */
const WARM = 20;
const IDLE = 50;
/** Bursts per side, each on a fresh campaign, alternating which side goes first. */
const ROUNDS = 3;

export interface Sample {
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
export function client(base: string) {
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

export function percentile(xs: Sample[], q: number): number {
  const sorted = xs.map((x) => x.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const spread = (xs: Sample[]) => `p50 ${ms(percentile(xs, 0.5))} p99 ${ms(percentile(xs, 0.99))}`;

/**
 * The booking storm (issue 31): a popular campaign with CAPACITY visits a week, ALREADY booked;
 * STORM media users ask at once for the same week. Exactly CAPACITY - ALREADY must succeed, none
 * may get a 5xx, and the server's p99 must stay within 2x the floor's: the same burst of STORM
 * requests, by the same users for the same week, answered by bench/reference-writes.ts (a bare
 * node:http handler with the same token lookup and the same booking transaction: the campaign's
 * row lock, the capacity check, the insert and its effects) on a twin campaign in the same state.
 * Each round gives both a fresh pair of campaigns (the reset: both see the same last places), one
 * burst right after the other, alternating which goes first; the verdict is on the median of the
 * rounds' ratios, since a machine shared with other work slows whole seconds, not single requests
 * (the p99 of all rounds together is printed too). An idle request (the median of
 * IDLE sequential booking requests on a quiet campaign, each one creating a booking) is printed for
 * both, and STORM `GET profile` on the server: what any request costs when 200 arrive at once.
 */
export async function bookingStorm(url: string, base: string, refBase: string): Promise<void> {
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
    const locationId = loc[0]!.id;
    const booking = {
      compensation: 0,
      max_bookings_per_week: CAPACITY,
      max_guests: 2,
      information_only: false,
      tip: null,
      switch: false,
      unavailable_dates: {},
    };
    const newCampaign = async (name: string, capacity: number): Promise<number> => {
      const { rows } = await c.query<{ id: number }>(
        `INSERT INTO campaigns (brand_id, category_id, status, name, description, target,
            tier_range_influencer, launch_date, end_date, expires_on, booking)
          VALUES ($1, 1, 'approved', $2, 'The busiest table in town', ARRAY['influencer'], ARRAY[1,2,3,4],
            current_date - 30, current_date + 60, current_date + 60, $3) RETURNING id`,
        [brand[0]!.id, name, JSON.stringify({ ...booking, max_bookings_per_week: capacity })],
      );
      await c.query(`INSERT INTO campaign_locations (campaign_id, location_id) VALUES ($1, $2)`, [
        rows[0]!.id,
        locationId,
      ]);
      return rows[0]!.id;
    };
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
    /** A popular campaign with ALREADY of its CAPACITY places of the week taken. */
    const popularCampaign = async (name: string): Promise<number> => {
      const id = await newCampaign(name, CAPACITY);
      await c.query(
        `INSERT INTO bookings (campaign_id, location_id, user_id, brand_id, status, booking_date, booking_time, week_start,
           visit_at, guests)
         SELECT $1, $2, u, $3, 'accepted', $4::date, '12:00', $4::date, ($4::date + time '12:00') AT TIME ZONE 'America/New_York', 1
         FROM unnest($5::int[]) u`,
        [id, locationId, brand[0]!.id, day, storm.slice(0, ALREADY).map((u) => u.id)],
      );
      return id;
    };
    const bookingBody = (campaignId: number) => ({
      campaign_id: campaignId,
      location_id: locationId,
      booking_date: day,
      booking_time: '13:00',
      guests: 1,
    });
    const stormTokens = tokens.slice(ALREADY, ALREADY + STORM);
    const quietTokens = tokens.slice(ALREADY + STORM);
    // Warm-up and idle, on each side: one request at a time on a quiet campaign, one connection,
    // each by its own user (one live booking per user and campaign).
    const idleOf = async (side: string, campaignId: number) => {
      const one = client(side);
      try {
        const warm = await sequential(WARM, (i) =>
          one.send('POST', '/api/v1/bookings', quietTokens[i]!, bookingBody(campaignId)),
        );
        const idle = await sequential(IDLE, (i) =>
          one.send('POST', '/api/v1/bookings', quietTokens[WARM + i]!, bookingBody(campaignId)),
        );
        return { idle, ok: [...warm, ...idle].every((r) => r.status === 201) };
      } finally {
        one.close();
      }
    };
    const appIdle = await idleOf(base, await newCampaign('Quiet campaign', WARM + IDLE));
    const refIdle = await idleOf(refBase, await newCampaign('Quiet twin', WARM + IDLE));
    const one = client(base);
    await sequential(WARM, (i) => one.send('GET', '/api/v1/profile', stormTokens[i]!));
    one.close();
    const profile = await burst(base, STORM, (b, i) => b.send('GET', '/api/v1/profile', stormTokens[i]!));

    const weekHolds = async (campaignId: number) => {
      const { rows } = await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM bookings WHERE campaign_id = $1 AND week_start = $2 AND status IN ('pending', 'accepted')`,
        [campaignId, day],
      );
      return rows[0]!.n;
    };
    const stormOn = async (side: string, campaignId: number) => {
      const samples = await burst(side, STORM, (b, i) =>
        b.send('POST', '/api/v1/bookings', stormTokens[i]!, bookingBody(campaignId)),
      );
      return { samples, holds: await weekHolds(campaignId) };
    };
    const app: Sample[] = [];
    const floor: Sample[] = [];
    const rounds: string[] = [];
    const ratios: number[] = [];
    let exact = true;
    for (let round = 0; round < ROUNDS; round += 1) {
      // Fresh campaigns each round: both sides find the same last places.
      const [appCampaign, floorCampaign] = [
        await popularCampaign(`Storm ${round}`),
        await popularCampaign(`Twin ${round}`),
      ];
      const first = round % 2 === 0 ? 'floor' : 'app';
      const a = first === 'app' ? await stormOn(base, appCampaign) : undefined;
      const f = await stormOn(refBase, floorCampaign);
      const a2 = a ?? (await stormOn(base, appCampaign));
      app.push(...a2.samples);
      floor.push(...f.samples);
      const created = (xs: Sample[]) => xs.filter((r) => r.status === 201).length;
      exact &&= created(a2.samples) === CAPACITY - ALREADY && a2.holds === CAPACITY;
      ratios.push(percentile(a2.samples, 0.99) / percentile(f.samples, 0.99));
      rounds.push(
        `round ${round + 1} (${first} first): server ${spread(a2.samples)} ${statuses(a2.samples)} holds ${a2.holds}/${CAPACITY}, ` +
          `floor ${spread(f.samples)} ${statuses(f.samples)} holds ${f.holds}/${CAPACITY}: ${ratios.at(-1)!.toFixed(2)}x`,
      );
    }
    const stormP99 = percentile(app, 0.99);
    const floorP99 = percentile(floor, 0.99);
    const fiveXx = app.filter((r) => r.status >= 500).length;
    const ratio = ratios.sort((x, y) => x - y)[Math.floor(ratios.length / 2)]!;
    const ok = exact && fiveXx === 0 && ratio <= 2 && appIdle.ok;
    console.log(
      `booking storm: ${STORM} at once for the last ${CAPACITY - ALREADY} of ${CAPACITY} slots, ${ROUNDS} rounds: ` +
        `capacity ${exact ? 'exact' : 'NOT exact'}, ${fiveXx} 5xx; server ${spread(app)}, floor (bare node:http, same token lookup ` +
        `and booking transaction) ${spread(floor)} (all rounds ${(stormP99 / floorP99).toFixed(2)}x); server p99 = ` +
        `${ratio.toFixed(2)}x the floor's, the rounds' median (goal <= 2x) ${ok ? 'PASS' : 'WARN'}`,
    );
    for (const line of rounds) console.log(`  ${line}`);
    console.log(
      `  idle (${IDLE} sequential bookings, each created): server ${spread(appIdle.idle)}, floor ${spread(refIdle.idle)}` +
        `${appIdle.ok && refIdle.ok ? '' : ' (NOT all 201)'}; server GET profile, ${STORM} at once: ${spread(profile)} ${statuses(profile)}`,
    );
  } finally {
    await c.end();
  }
}

function statuses(xs: Sample[]): string {
  return JSON.stringify(
    xs.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {}),
  );
}
