/**
 * The benchmark's yardstick: a bare node:http server answering the same reads with the same SQL
 * (the service functions the routes call) on a pool of the same size, without Fastify, schemas or
 * plugins. Started by bench/run.ts as `tsx bench/bare-server.ts <port> <database url>`. `POST /floor`
 * and `POST /floor/token` are the booking storm's floor (bench/storm.ts).
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
    if (req.method === 'POST' && url.pathname.startsWith('/floor')) {
      // The storm's floor: read and parse the body, then refuse, as the server refuses a full week;
      // '/floor/token' first does the one token lookup every authenticated request pays.
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        const refuse = () => send(422, { message: 'This week is full.', code: 'validation_failed' });
        if (url.pathname !== '/floor/token') return refuse();
        userOf(req.headers.authorization).then(refuse, (err: unknown) => send(500, { message: String(err) }));
      });
      return;
    }
    if (!route) return send(404, { message: 'Not found.' });
    userOf(req.headers.authorization)
      .then((user) => (user ? route.read.bare!(ctx, user, url).then((body) => send(200, body)) : send(401, {})))
      .catch((err: unknown) => send(500, { message: String(err) }));
  })
  .listen(Number(portArg), '127.0.0.1');
