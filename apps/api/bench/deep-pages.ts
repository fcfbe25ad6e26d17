/**
 * Issue 31: a page opened by number (`page[number]=N`, no cursor, no pin: a deep link, or a client
 * that pages by number as the spec allows) costs at most 2x page 1. For each paged list, the real
 * server answers page 1 and the middle page (from page 1's last_page), alternating which runs first;
 * the verdict is `p99 <= 2x page 1 and req/s >= 0.5x page 1`.
 *
 * Called by run.ts for each scale. Alone, against a seeded database and a server already listening:
 * `npx tsx bench/deep-pages.ts http://127.0.0.1:3154` (BENCH_READS filters the lists by name).
 */
import autocannon from 'autocannon';

import { TOKENS } from './seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PAST = 'finished,declined,cancelled,no_show';

interface DeepList {
  name: string;
  token: keyof typeof TOKENS;
  path: (ids: { influencerId: number; brandId: number }) => string;
}

const LISTS: DeepList[] = [
  { name: 'discovery', token: 'influencer', path: (ids) => `/api/v1/influencers/${ids.influencerId}/campaigns` },
  ...['pending', 'accepted', PAST].flatMap((status): DeepList[] => [
    {
      name: `brand bookings ${status === PAST ? 'past' : status}`,
      token: 'brand',
      path: (ids) => `/api/v1/brands/${ids.brandId}/bookings?filter[status]=${status}`,
    },
    {
      name: `media bookings ${status === PAST ? 'past' : status}`,
      token: 'influencer',
      path: (ids) => `/api/v1/influencers/${ids.influencerId}/bookings?filter[status]=${status}`,
    },
  ]),
  { name: 'brand campaigns', token: 'brand', path: (ids) => `/api/v1/brands/${ids.brandId}/campaigns` },
  { name: 'tasks', token: 'influencer', path: (ids) => `/api/v1/influencers/${ids.influencerId}/tasks` },
  { name: 'staff applications queue', token: 'staff', path: () => `/api/v1/admin/applications?filter[status]=pending` },
  { name: 'staff campaign review queue', token: 'staff', path: () => `/api/v1/admin/campaigns?filter[status]=review` },
  { name: 'notifications', token: 'influencer', path: () => `/api/v1/notifications` },
  { name: 'content library', token: 'brand', path: (ids) => `/api/v1/brands/${ids.brandId}/content` },
  { name: 'creator directory', token: 'brand', path: (ids) => `/api/v1/brands/${ids.brandId}/creators` },
];

interface Result {
  rps: number;
  p99: number;
  errors: number;
}

async function drive(url: string, token: string, seconds = SECONDS): Promise<Result> {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(6)} req/s p99 ${String(r.p99).padStart(4)} ms${r.errors ? ` ${r.errors} errors` : ''}`;

/** Page 1 against the middle page by number for every list; prints one verdict line per list. */
export async function measureDeepPages(base: string, ids: { influencerId: number; brandId: number }): Promise<void> {
  const only = process.env.BENCH_READS?.split(',');
  console.log('\ndeep pages: page 1 vs the middle page by number (no cursor)');
  let alternate = false;
  for (const list of LISTS.filter((l) => !only || only.some((w) => l.name.includes(w)))) {
    const token = TOKENS[list.token];
    const url = `${base}${list.path(ids)}`;
    const sep = url.includes('?') ? '&' : '?';
    const first = (await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      meta?: { last_page: number };
    };
    const last = first.meta?.last_page ?? 1;
    const middle = Math.max(1, Math.ceil(last / 2));
    const middleUrl = `${url}${sep}page[number]=${middle}`;
    await drive(url, token, 1); // warm-up (plans, JIT, pool)
    await drive(middleUrl, token, 1);
    let p1: Result;
    let pm: Result;
    if (alternate) {
      pm = await drive(middleUrl, token);
      p1 = await drive(url, token);
    } else {
      p1 = await drive(url, token);
      pm = await drive(middleUrl, token);
    }
    alternate = !alternate;
    const p99Ratio = pm.p99 / Math.max(1, p1.p99);
    const rpsRatio = pm.rps / Math.max(1, p1.rps);
    const ok = p99Ratio <= 2 && rpsRatio >= 0.5 && p1.errors === 0 && pm.errors === 0;
    console.log(
      `${list.name.padEnd(28)} p1 ${fmt(p1)} | p${middle}/${last} ${fmt(pm)} | p99 x${p99Ratio.toFixed(2)} req/s x${rpsRatio.toFixed(2)}  ${ok ? 'PASS' : 'WARN'}`,
    );
  }
  console.log('Goal: the middle page by number p99 <= 2x page 1 and req/s >= 0.5x page 1.');
}

if (process.argv[1]?.endsWith('deep-pages.ts') && process.argv[2]) {
  measureDeepPages(process.argv[2], { influencerId: 2, brandId: 1 }).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
