/**
 * The booking storm's floor (bench/storm.ts): a bare node:http server on a pool of the same size,
 * without Fastify, schemas or plugins, answering `POST /floor` and `POST /floor/token`. Started by
 * bench/run.ts as `tsx bench/bare-server.ts <port> <database url>`. The reads' yardstick is
 * bench/reference-server.ts.
 */
import http from 'node:http';

import { and, eq, isNull } from 'drizzle-orm';

import type { AppContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { accessTokens, users } from '../src/db/schema';
import { hashToken } from '../src/lib/tokens';
import type { BenchUser } from './reads';

const [portArg, databaseUrl] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl });
const ctx = { db: database.db, database, clock: { now: () => new Date() } } as unknown as AppContext;

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
    send(404, { message: 'Not found.' });
  })
  .listen(Number(portArg), '127.0.0.1');
