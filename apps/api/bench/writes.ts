import fs from 'node:fs';

import pg from 'pg';

import type { CampaignBookingSettings } from '../src/db/schema';
import { LIVE_CHANNEL } from '../src/lib/live-bus';
import { hashToken } from '../src/lib/tokens';
import type { Sample } from './storm';
import { client, percentile } from './storm';

/** Issue 31: each write costs at most this much of its reference handler (bench/reference-writes.ts). */
const COST_GOAL = 1.5;
/** Per side and write: unmeasured requests first (plans, JIT, pools), one at a time. */
const WARM = 10;
/** Per side and write: one request at a time (the p50 of a write on a quiet node). */
const SEQUENTIAL = 20;
/** Per side and write: requests kept IN_FLIGHT at once (req/s and p99 under load). */
const CONCURRENT = 60;
const IN_FLIGHT = 8;
/** Rounds of (sequential, concurrent) per side, alternating which side goes first; the verdict takes the median. */
const ROUNDS = 3;
const PER_SIDE = WARM + ROUNDS * (SEQUENTIAL + CONCURRENT);

/** The tables the three writes write (besides pg_notify, counted on the live channel). */
const TABLES = [
  'bookings',
  'analytics_events',
  'conversations',
  'messages',
  'conversation_reads',
  'notifications',
  'mail_outbox',
  'jobs',
  'tasks',
  'rate_limit_counters',
];

interface Side {
  name: 'server' | 'reference';
  base: string;
  pid?: number;
  brandId: number;
  campaignId: number;
  locationId: number;
  ownerToken: string;
  mediaTokens: string[];
  bookingIds: number[];
  conversationIds: number[];
}

interface Series {
  /** The process's CPU time per request (user + system, /proc/PID/stat), when its pid is known. */
  cpuMs?: number;
  p50: number;
  p99: number;
  rps: number;
  statuses: Record<number, number>;
}

/**
 * A brand (owner, location, an approved campaign with room for everyone) and PER_SIDE media users,
 * all with tokens: one side's world, so the server's and the reference's rows can be told apart
 * and neither's campaign lock or rows stand in the other's way.
 */
async function seedSide(c: pg.Client, name: Side['name'], base: string, pid: number | undefined): Promise<Side> {
  const tag = name === 'server' ? 'ws' : 'wr';
  const { rows: owner } = await c.query<{ id: number }>(
    `INSERT INTO users (name, email, role) VALUES ($1, $2, 'brands') RETURNING id`,
    [`Writes Owner ${tag}`, `${tag}-owner@bench.test`],
  );
  const ownerToken = `${tag}-owner-token`;
  await c.query(`INSERT INTO access_tokens (user_id, token_hash) VALUES ($1, $2)`, [
    owner[0]!.id,
    hashToken(ownerToken),
  ]);
  const { rows: brand } = await c.query<{ id: number }>(
    `INSERT INTO brands (owner_id, name, address, zip, phones) VALUES ($1, $2, '1 Write St', '10001', '555') RETURNING id`,
    [owner[0]!.id, `Writes Bistro ${tag}`],
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
     VALUES ($1, 'Writes room', '1 Write St', 'writes@bench.test', '555', 'Host', 'America/New_York', '10001', $2)
     RETURNING id`,
    [brand[0]!.id, hours],
  );
  // Every field the campaign form saves: the campaign is listed to the bench's influencer, whose
  // discovery reads run again later (with the event streams open).
  const booking = {
    compensation: 0,
    max_bookings_per_week: 10 * PER_SIDE,
    max_guests: 2,
    information_only: false,
    tip: null,
    switch: false,
    unavailable_dates: {},
  } satisfies CampaignBookingSettings;
  const { rows: campaign } = await c.query<{ id: number }>(
    `INSERT INTO campaigns (brand_id, category_id, status, name, description, target, tier_range_influencer,
        launch_date, end_date, expires_on, booking)
      VALUES ($1, 1, 'approved', 'Writes campaign', 'Dinner for two', ARRAY['influencer'], ARRAY[1,2,3,4],
        current_date - 30, current_date + 60, current_date + 60, $2) RETURNING id`,
    [brand[0]!.id, JSON.stringify(booking)],
  );
  await c.query(`INSERT INTO campaign_locations (campaign_id, location_id) VALUES ($1, $2)`, [
    campaign[0]!.id,
    loc[0]!.id,
  ]);
  const { rows: media } = await c.query<{ id: number }>(
    `INSERT INTO users (name, email, role, tier, instagram)
     SELECT 'Writer ' || $2 || i, $2 || i || '@bench.test', 'influencer', 2, '@' || $2 || i
     FROM generate_series(1, $1::int) i RETURNING id`,
    [PER_SIDE, tag],
  );
  const mediaTokens = media.map((u) => `${tag}-media-token-${u.id}`);
  await c.query(`INSERT INTO access_tokens (user_id, token_hash) SELECT * FROM unnest($1::int[], $2::text[])`, [
    media.map((u) => u.id),
    mediaTokens.map(hashToken),
  ]);
  return {
    name,
    base,
    pid,
    brandId: brand[0]!.id,
    campaignId: campaign[0]!.id,
    locationId: loc[0]!.id,
    ownerToken,
    mediaTokens,
    bookingIds: [],
    conversationIds: [],
  };
}

/** A media user's token names them: `<tag>-media-token-<user id>`. */
const userIdOf = (token: string) => Number(token.split('-').at(-1));

/** A process's CPU time so far (utime + stime, in clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

type One = (side: Side, i: number, send: ReturnType<typeof client>['send']) => Promise<Sample>;

/** Requests `from`..`from + n - 1` of a side, `inFlight` at a time on keep-alive connections. */
async function series(side: Side, one: One, from: number, n: number, inFlight: number): Promise<Series> {
  const c = client(side.base);
  const cpu0 = cpuMsOf(side.pid);
  const samples: Sample[] = [];
  let next = from;
  const t0 = performance.now();
  try {
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < from + n) {
          const i = next;
          next += 1;
          samples.push(await one(side, i, c.send));
        }
      }),
    );
  } finally {
    c.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu1 = cpuMsOf(side.pid);
  return {
    cpuMs: cpu0 === undefined || cpu1 === undefined ? undefined : (cpu1 - cpu0) / n,
    p50: percentile(samples, 0.5),
    p99: percentile(samples, 0.99),
    rps: n / seconds,
    statuses: samples.reduce<Record<number, number>>(
      (acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }),
      {},
    ),
  };
}

/**
 * Issue 31's writes: a booking request, its accept and a message in its conversation, each on the
 * server and on bench/reference-writes.ts (plain node:http and hand-written SQL doing the same),
 * each side on its own brand and users. Per write and side: WARM requests, then ROUNDS rounds of
 * SEQUENTIAL one at a time (p50) and CONCURRENT with IN_FLIGHT at once (req/s, p99), the sides
 * alternating (A, B, B, A; who is A alternates by round). The cost ratio is the server's over the
 * reference's: the sequential p50s and the inverse of the concurrent req/s, each the median of the
 * rounds' ratios; PASS when both are <= 1.5. The processes' CPU time per request is printed too:
 * on a machine shared with other work it says what each side spends where latency cannot. The rows
 * each side wrote (per table, and the pg_notify signals on the live channel) must be the same.
 */
export async function benchWrites(
  url: string,
  appBase: string,
  refBase: string,
  pids: { app?: number; reference?: number } = {},
): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  let signals = 0;
  listener.on('notification', () => (signals += 1));
  await listener.query(`LISTEN ${LIVE_CHANNEL}`);
  try {
    const { rows: dayRows } = await c.query<{ day: string }>(
      `SELECT to_char(current_date + 14 + (8 - extract(isodow FROM current_date + 14)::int) % 7, 'YYYY-MM-DD') AS day`,
    );
    const day = dayRows[0]!.day; // a Monday two to three weeks ahead
    const server = await seedSide(c, 'server', appBase, pids.app);
    const reference = await seedSide(c, 'reference', refBase, pids.reference);

    const counts = async (): Promise<Record<string, number>> => {
      await new Promise((r) => setTimeout(r, 200)); // the last commits' signals
      const { rows } = await c.query<Record<string, number>>(
        `SELECT ${TABLES.map((t) => `(SELECT count(*)::int FROM ${t}) AS ${t}`).join(', ')}`,
      );
      return { ...rows[0]!, pg_notify: signals };
    };
    const sum = (into: Record<string, number>, before: Record<string, number>, after: Record<string, number>) => {
      for (const k of Object.keys(after)) into[k] = (into[k] ?? 0) + after[k]! - before[k]!;
    };

    const writes: { name: string; one: One; after?: (side: Side) => Promise<void> }[] = [
      {
        name: 'booking request',
        one: (side, i, send) =>
          send('POST', '/api/v1/bookings', side.mediaTokens[i]!, {
            campaign_id: side.campaignId,
            location_id: side.locationId,
            booking_date: day,
            booking_time: '13:00',
            guests: 1,
          }),
        after: async (side) => {
          const { rows } = await c.query<{ user_id: number; id: number; conversation_id: number }>(
            `SELECT b.user_id, b.id, cv.id AS conversation_id FROM bookings b
             LEFT JOIN conversations cv ON cv.booking_id = b.id WHERE b.campaign_id = $1`,
            [side.campaignId],
          );
          const byUser = new Map(rows.map((r) => [r.user_id, r]));
          const userIds = side.mediaTokens.map(userIdOf);
          side.bookingIds = userIds.map((u) => byUser.get(u)?.id ?? 0);
          side.conversationIds = userIds.map((u) => byUser.get(u)?.conversation_id ?? 0);
        },
      },
      {
        name: 'accept',
        one: (side, i, send) =>
          send('PUT', `/api/v1/brands/${side.brandId}/bookings/${side.bookingIds[i]}`, side.ownerToken, {
            status: 'accepted',
          }),
      },
      {
        name: 'message',
        one: (side, i, send) =>
          send('POST', `/api/v1/conversations/${side.conversationIds[i]}/messages`, side.mediaTokens[i]!, {
            body: `See you on Monday, table for ${1 + (i % 2)} (${i}).`,
          }),
      },
    ];

    console.log(
      `\n== writes: server vs reference (bench/reference-writes.ts); ${WARM} warm-up, then ${ROUNDS} rounds of ` +
        `${SEQUENTIAL} one at a time and ${CONCURRENT} with ${IN_FLIGHT} in flight`,
    );
    for (const write of writes) {
      const rows: Record<Side['name'], Record<string, number>> = { server: {}, reference: {} };
      const run = async (side: Side, from: number, n: number, inFlight: number) => {
        const before = await counts();
        const s = await series(side, write.one, from, n, inFlight);
        sum(rows[side.name], before, await counts());
        return s;
      };
      await run(server, 0, WARM, 1);
      await run(reference, 0, WARM, 1);
      const all: Series[] = [];
      const p50Ratios: number[] = [];
      const rpsRatios: number[] = [];
      const cpuRatios: number[] = [];
      const lines: string[] = [];
      const f = (x: number) => `${x.toFixed(1)} ms`;
      for (let round = 0; round < ROUNDS; round += 1) {
        const from = WARM + round * (SEQUENTIAL + CONCURRENT);
        const [a, b] = round % 2 === 0 ? [server, reference] : [reference, server];
        const seqA = await run(a, from, SEQUENTIAL, 1);
        const seqB = await run(b, from, SEQUENTIAL, 1);
        const conB = await run(b, from + SEQUENTIAL, CONCURRENT, IN_FLIGHT);
        const conA = await run(a, from + SEQUENTIAL, CONCURRENT, IN_FLIGHT);
        const [seqS, seqR, conS, conR] = a === server ? [seqA, seqB, conA, conB] : [seqB, seqA, conB, conA];
        all.push(seqS, seqR, conS, conR);
        p50Ratios.push(seqS.p50 / seqR.p50);
        rpsRatios.push(conR.rps / conS.rps);
        if (conS.cpuMs !== undefined && conR.cpuMs) cpuRatios.push(conS.cpuMs / conR.cpuMs);
        const cpu = (x: Series) => (x.cpuMs === undefined ? '' : `, cpu ${f(x.cpuMs)}/req`);
        lines.push(
          `round ${round + 1}: server p50 ${f(seqS.p50)}, ${conS.rps.toFixed(0)} req/s p99 ${f(conS.p99)}${cpu(conS)}; ` +
            `reference p50 ${f(seqR.p50)}, ${conR.rps.toFixed(0)} req/s p99 ${f(conR.p99)}${cpu(conR)}`,
        );
      }
      if (write.after) {
        await write.after(server);
        await write.after(reference);
      }
      const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? NaN;
      const p50Ratio = median(p50Ratios);
      const rpsRatio = median(rpsRatios);
      const okStatuses = all.every((x) => Object.keys(x.statuses).every((k) => Number(k) < 300));
      const differ = Object.keys(rows.server).filter((k) => rows.server[k] !== rows.reference[k]);
      const same = differ.length === 0;
      const ok = okStatuses && same && p50Ratio <= COST_GOAL && rpsRatio <= COST_GOAL;
      const bad = all.filter((x) => Object.keys(x.statuses).some((k) => Number(k) >= 300));
      console.log(
        `${write.name.padEnd(16)} cost server/reference, median of ${ROUNDS} rounds: ${p50Ratio.toFixed(2)}x (p50 one at a time), ` +
          `${rpsRatio.toFixed(2)}x (req/s with ${IN_FLIGHT} in flight)${cpuRatios.length ? `, ${median(cpuRatios).toFixed(2)}x (process CPU per request)` : ''} ` +
          `(goal <= ${COST_GOAL}x on p50 and req/s)${okStatuses ? '' : ` statuses ${bad.map((x) => JSON.stringify(x.statuses)).join(' ')}`} ` +
          `${ok ? 'PASS' : 'WARN'}`,
      );
      for (const line of lines) console.log(`  ${line}`);
      const table = (r: Record<string, number>) =>
        Object.entries(r)
          .filter(([, n]) => n !== 0)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ');
      console.log(
        `  rows per side: ${same ? `the same: ${table(rows.server)}` : `DIFFER in ${differ.join(', ')}: server ${table(rows.server)}; reference ${table(rows.reference)}`}`,
      );
    }
  } finally {
    await listener.end();
    await c.end();
  }
}
