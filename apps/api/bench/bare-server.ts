/**
 * The benchmark's yardstick: a bare node:http server answering the same reads with the same SQL
 * (the service functions the routes call) on a pool of the same size, without Fastify, schemas or
 * plugins. Started by bench/run.ts as `tsx bench/bare-server.ts <port> <database url>`. (The booking
 * storm's floor is bench/reference-writes.ts.)
 */
import http from 'node:http';

import { and, eq, isNull } from 'drizzle-orm';

import type { AppContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { accessTokens, users } from '../src/db/schema';
import { hashToken } from '../src/lib/tokens';
import type { BenchUser } from './reads';
import { READS } from './reads';

const [portArg, databaseUrl] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl });
const ctx = { db: database.db, database, clock: { now: () => new Date() } } as unknown as AppContext;
const ids = { influencerId: 2, brandId: 1 };
const routes = READS.filter((r) => r.bare).map((r) => ({ read: r, pathname: r.path(ids).split('?')[0] }));

async function userOf(header: string | undefined): Promise<BenchUser | null> {
  if (!header?.startsWith('Bearer ')) return null;
  const [row] = await ctx.db
    .select({ id: users.id, role: users.role, tier: users.tier })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, hashToken(header.slice(7))), isNull(accessTokens.revokedAt)))
    .limit(1);
  return row ?? null;
}

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench');
    const route = routes.find((r) => r.pathname === url.pathname);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (!route) return send(404, { message: 'Not found.' });
    userOf(req.headers.authorization)
      .then((user) => (user ? route.read.bare!(ctx, user, url).then((body) => send(200, body)) : send(401, {})))
      .catch((err: unknown) => send(500, { message: String(err) }));
  })
  .listen(Number(portArg), '127.0.0.1');
