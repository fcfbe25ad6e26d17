import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

/**
 * Migrates once for the whole run; each test file copies the result:
 * - with TEST_DATABASE_URL (a PostgreSQL server), a fresh template database, dropped at the end;
 * - otherwise an embedded PGlite's data directory, dumped to a file that each file loads (migrating
 *   PGlite takes seconds, and every test file runs in a process of its own).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void> | void) | void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-pglite-'));
    const file = path.join(dir, 'migrated.tar');
    const db = await openDatabase({ inMemory: true });
    await runMigrations(db);
    const client = (db.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await db.close();
    project.provide('pgliteSnapshot', file);
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const template = `comped_tpl_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  await database.close();
  project.provide('templateDatabase', template);
  return async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await c.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    pgliteSnapshot: string;
  }
}
