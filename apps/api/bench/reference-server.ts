/**
 * The reads' yardstick (issue 31): a plain node:http server on `pg` directly, with a pool of the
 * app's size, answering the benchmark's list reads with the same JSON as the product from
 * hand-written SQL (named prepared statements): the token lookup, the caller's brand where the path
 * names one, then the page with its related rows and its total in one parallel batch, and
 * `JSON.stringify` out. Started by bench/run.ts as `tsx bench/reference-server.ts <port> <database url>`;
 * bench/run.ts compares its bodies with the app's before measuring.
 */
import http from 'node:http';

import { referenceBookings, referenceTasks } from './reference-bookings';
import { referenceDiscovery, referenceReviewQueue } from './reference-campaigns';
import type { Query, RefMembership, RefUser } from './reference-db';
import { membershipOf, openReferenceDb, userOfToken } from './reference-db';
import {
  referenceApplications,
  referenceContent,
  referenceCreators,
  referenceInbox,
  referenceNotifications,
  referenceThread,
} from './reference-lists';

const [portArg, databaseUrl] = process.argv.slice(2);
const { query } = openReferenceDb(databaseUrl!);

class Refused extends Error {
  constructor(readonly status: number) {
    super(String(status));
  }
}

/** The path's brand as the caller stands in it (`roles`), or 403. */
async function brandOf(q: Query, user: RefUser, brandId: number, roles: RefMembership['role'][]) {
  const membership = user.role === 'brands' ? await membershipOf(q, user.id) : null;
  if (!membership || membership.brandId !== brandId || !roles.includes(membership.role)) throw new Refused(403);
  return membership;
}

function self(user: RefUser, id: number, roles = ['influencer', 'journalist']): RefUser {
  if (!roles.includes(user.role)) throw new Refused(403);
  if (user.id !== id) throw new Refused(403);
  return user;
}

type Handler = (user: RefUser, url: URL, match: RegExpMatchArray) => Promise<unknown>;

const ROUTES: [RegExp, Handler][] = [
  [/^\/api\/v1\/influencers\/(\d+)\/campaigns$/, (u, url, m) => referenceDiscovery(query, self(u, Number(m[1])), url)],
  [
    /^\/api\/v1\/influencers\/(\d+)\/bookings$/,
    (u, url, m) => referenceBookings(query, { userId: self(u, Number(m[1])).id }, url),
  ],
  [
    /^\/api\/v1\/brands\/(\d+)\/bookings$/,
    async (u, url, m) =>
      referenceBookings(query, await brandOf(query, u, Number(m[1]), ['owner', 'manager', 'host']), url),
  ],
  [/^\/api\/v1\/influencers\/(\d+)\/tasks$/, (u, url, m) => referenceTasks(query, self(u, Number(m[1])), url)],
  [
    /^\/api\/v1\/admin\/applications$/,
    (u, url) => (u.role === 'staff' ? referenceApplications(query, url) : Promise.reject(new Refused(403))),
  ],
  [
    /^\/api\/v1\/admin\/campaigns$/,
    (u, url) => (u.role === 'staff' ? referenceReviewQueue(query, url) : Promise.reject(new Refused(403))),
  ],
  [/^\/api\/v1\/conversations$/, (u, url) => referenceInbox(query, u, url)],
  [/^\/api\/v1\/conversations\/(\d+)\/messages$/, (u, _url, m) => referenceThread(query, u, Number(m[1]))],
  [/^\/api\/v1\/notifications$/, (u, url) => referenceNotifications(query, u, url)],
  [
    /^\/api\/v1\/brands\/(\d+)\/content$/,
    async (u, url, m) => referenceContent(query, await brandOf(query, u, Number(m[1]), ['owner', 'manager']), url),
  ],
  [
    /^\/api\/v1\/brands\/(\d+)\/creators$/,
    async (u, url, m) => {
      const brand = await brandOf(query, u, Number(m[1]), ['owner', 'manager']);
      const [plan] = await query<{ status: string }>(
        'ref_plan',
        `SELECT status FROM subscriptions WHERE user_id = $1 LIMIT 1`,
        [brand.ownerId],
      );
      if (plan?.status !== 'active') throw new Refused(403);
      return referenceCreators(query, brand, url);
    },
  ],
];

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    let match: RegExpMatchArray | null = null;
    const route = ROUTES.find(([pattern]) => (match = url.pathname.match(pattern)));
    if (!route || !match) return send(url.pathname === '/' ? 200 : 404, { message: 'Not found.' });
    const found: RegExpMatchArray = match;
    userOfToken(query, req.headers.authorization)
      .then((user) => {
        if (!user) return send(401, {});
        return route[1](user, url, found).then((body) => send(200, body));
      })
      .catch((err: unknown) => (err instanceof Refused ? send(err.status, {}) : send(500, { message: String(err) })));
  })
  .listen(Number(portArg), '127.0.0.1');
