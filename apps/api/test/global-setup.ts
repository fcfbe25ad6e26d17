import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

/**
 * With TEST_DATABASE_URL (a PostgreSQL server), makes a fresh template database for this run,
 * migrated once; each test file copies it. The run drops what it created.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
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
  }
}
