import fs from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

import type { ChannelHandlers, ChannelListener } from './channel-listener';
import { listenOnPostgres } from './channel-listener';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';
import { upgradeEmbeddedDataDir } from './upgrade-embedded-data-dir';

export type Schema = typeof schema;
/** One type for both drivers: every query is written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services take this so callers choose the boundary. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * `LISTEN` on a channel: what any node sends with `pg_notify` reaches every node's listener once
   * the sending transaction commits (modules/notifications/live-bus.ts). On PostgreSQL a connection
   * of its own that reconnects by itself; on PGlite the one embedded connection (one process).
   */
  listen(channel: string, handlers: ChannelHandlers): ChannelListener;
  close(): Promise<void>;
}

/**
 * `DATABASE_URL` set: a PostgreSQL server through node-postgres (a pool, so several requests and the
 * job worker run at once). Unset: embedded PGlite on disk under `dataDir/db` (or in memory for tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** Where the embedded database says that it carries an earlier major's directory forward. */
  log?: (message: string) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // A bounded wait for a connection: while the server is away requests fail fast (503), not hang.
    // No parallel query on these connections (ADR 027): each statement reads one page through an
    // index, and a generic plan that misjudges a skewed column (one user's 40 conversations taken for
    // thousands) would start a parallel worker per execution, which costs ten times the read.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 3000,
      options: '-c max_parallel_workers_per_gather=0',
    });
    // Dates stay strings: the wire format is YYYY-MM-DD and no time zone should shift them.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const url = opts.databaseUrl;
    return {
      db,
      kind: 'postgres',
      listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  // pg_trgm backs the discovery name search (migration 0001); PGlite ships it as a contrib module.
  const extensions = { pg_trgm };
  let release = () => {};
  if (opts.inMemory || !opts.dataDir) {
    client = new PGlite({ extensions });
  } else {
    const dir = path.join(opts.dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true });
    release = lockDataDir(opts.dataDir);
    try {
      await upgradeEmbeddedDataDir(dir, opts.log ?? ((message) => console.warn(message)));
    } catch (err) {
      release();
      throw err;
    }
    client = new PGlite(dir, { extensions });
  }
  try {
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    close: () => client.close().finally(release),
  };
}

/** The embedded database's own LISTEN: one connection in this process, never lost. */
export function listenOnPglite(client: PGlite, channel: string, handlers: ChannelHandlers): ChannelListener {
  let listening = false;
  let closed = false;
  const unlisten = client
    .listen(channel, (payload) => handlers.onNotify(payload))
    .then((stop) => {
      listening = !closed;
      return stop;
    });
  const ready = unlisten.then(() => undefined);
  return {
    ready,
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      listening = false;
      // The database may be closing already (test apps close theirs after the app).
      if (!client.closed) await (await unlisten)().catch(() => undefined);
    },
  };
}
