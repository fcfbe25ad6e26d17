import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';

import { MIGRATIONS_FOLDER } from '../package-paths';
import type { Database } from './client';

/** The advisory lock every node takes to migrate (and seed) a PostgreSQL database: one at a time. */
export const MIGRATION_LOCK_KEY = 7_201_301;

/**
 * Applies the committed, generated SQL migrations; safe on every start and on every node. On
 * PostgreSQL the whole step runs under a session advisory lock on one dedicated connection, so N
 * nodes starting together on an empty database migrate it once, in turn (the others wait, then
 * find nothing left to do). `then` runs while the lock is still held (the base seed), so it too
 * runs on one node at a time. PGlite serves one connection of one process: no lock is needed.
 */
export async function runMigrations(database: Database, then?: () => Promise<void>): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    await then?.();
    return;
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
      await then?.();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
