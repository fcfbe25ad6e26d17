import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';

import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import type { Database } from '../src/db/client';
import { listenOnPglite, openDatabase } from '../src/db/client';
import { Clock } from '../src/lib/clock';

/**
 * A whole app on a real, fresh database for one test file:
 * - `npm test`: in-memory PGlite (PostgreSQL 19 in WASM);
 * - CI with TEST_DATABASE_URL: a PostgreSQL server, in a database of this file's own, copied
 *   from the migrated template that the global setup made, and dropped at the end.
 */
export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  clock: Clock;
  close(): Promise<void>;
}

/** The tests' configuration: files under `dataDir`, no job polling, no logs, a known staff account. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JOB_POLL_MS: '0',
    STAFF_EMAIL: 'staff@comped.test',
    STAFF_PASSWORD: 'staff-password',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: { beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-test-'));
  const config = testConfig(dataDir, env);
  const { database, dropDatabase } = await openTestDatabase();
  const clock = new Clock();
  const app = await buildApp({ config, database, clock, logger: false });
  opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    ctx: app.ctx,
    config,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second API node on the test app's database and clock, as a second server process would be:
 * its own Fastify instance and in-process state, the same database. Close it before the test app.
 */
export async function createPeerApp(t: TestApp): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, database: t.ctx.database, clock: t.clock, logger: false });
  await app.ready();
  return app;
}

async function openTestDatabase(): Promise<{ database: Database; dropDatabase: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? inject('templateDatabase') : undefined;
  if (serverUrl && template) {
    const name = `comped_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    return {
      database,
      dropDatabase: async () => {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const database = await openPgliteFromSnapshot();
  return { database, dropDatabase: async () => undefined };
}

/** The migrated data directory the global setup dumped, loaded into a fresh in-memory PGlite. */
let snapshot: Blob | null = null;
async function openPgliteFromSnapshot(): Promise<Database> {
  snapshot ??= new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
  const blob = snapshot;
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite({ loadDataDir: blob, extensions: { pg_trgm } });
  await client.waitReady;
  const { drizzle } = await import('drizzle-orm/pglite');
  const schema = await import('../src/db/schema');
  const db = drizzle(client, { schema }) as unknown as Database['db'];
  return {
    db,
    kind: 'pglite',
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    close: () => client.close(),
  };
}
