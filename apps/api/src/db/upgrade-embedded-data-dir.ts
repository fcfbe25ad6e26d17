import fs from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

import { MIGRATIONS_FOLDER } from '../package-paths';

/** The PostgreSQL major of the embedded database this build runs (PGlite 0.6). */
export const EMBEDDED_POSTGRES_MAJOR = '19';

/** What the carrying needs of an embedded database, whichever PGlite release opened it. */
interface EmbeddedClient {
  waitReady: Promise<void>;
  query<T>(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: T[]; blob?: Blob }>;
  exec(sql: string): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The earlier releases' PGlite, kept as a dependency of its own, by the major of the data
 * directories it wrote. A PostgreSQL major cannot open a directory an earlier major wrote, and
 * PGlite has no pg_upgrade, so the earlier release reads the rows and this one writes them.
 */
const EARLIER_RELEASES: Record<string, () => Promise<(dir: string) => EmbeddedClient>> = {
  '18': async () => {
    const [{ PGlite: PGlite18 }, { pg_trgm: pgTrgm18 }] = await Promise.all([
      import('pglite-postgres-18'),
      import('pglite-postgres-18/contrib/pg_trgm'),
    ]);
    return (dir) => new PGlite18(dir, { extensions: { pg_trgm: pgTrgm18 } }) as unknown as EmbeddedClient;
  },
};

export class EmbeddedDataDirError extends Error {}

/**
 * Carries an embedded data directory written by an earlier PostgreSQL major (an earlier PGlite
 * release) to this one, before the database opens; a directory of this major, or none yet, is left
 * as it is. Both sides are brought to this build's migrations, every table's rows are copied with
 * their triggers off (the kept counts arrive as they were, not counted again), and the sequences
 * continue where they stood. The earlier directory is kept beside the new one, named by its major.
 * Nothing replaces the directory until the copy is whole: a copy cut short starts again, and a
 * whole copy whose swap was cut short is swapped at the next start.
 */
export async function upgradeEmbeddedDataDir(dir: string, log: (message: string) => void): Promise<boolean> {
  const ready = `${dir}.postgres-${EMBEDDED_POSTGRES_MAJOR}-ready`;
  if (fs.existsSync(ready)) {
    const kept = swapIn(dir, ready);
    log(`Finished carrying the embedded database in ${dir} to PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}${kept}.`);
    return true;
  }
  const versionFile = path.join(dir, 'PG_VERSION');
  if (!fs.existsSync(versionFile)) return false;
  const major = fs.readFileSync(versionFile, 'utf8').trim();
  if (major === EMBEDDED_POSTGRES_MAJOR) return false;
  const openEarlier = EARLIER_RELEASES[major];
  if (!openEarlier) {
    throw new EmbeddedDataDirError(
      `The embedded database in ${dir} was written by PostgreSQL ${major}, which this version of Comped ` +
        `cannot read (it reads ${Object.keys(EARLIER_RELEASES).join(', ')} and ${EMBEDDED_POSTGRES_MAJOR}). ` +
        'Move the directory away to start afresh, or open it with the Comped release that wrote it.',
    );
  }
  const next = `${dir}.postgres-${EMBEDDED_POSTGRES_MAJOR}-partial`;
  fs.rmSync(next, { recursive: true, force: true });
  log(`The embedded database in ${dir} was written by PostgreSQL ${major}: carrying it to ${EMBEDDED_POSTGRES_MAJOR}.`);
  const from = (await openEarlier())(dir);
  const to = new PGlite(next, { extensions: { pg_trgm } }) as unknown as EmbeddedClient;
  let rows: number;
  try {
    await Promise.all([from.waitReady, to.waitReady]);
    await migrate(drizzle({ client: from as never }), { migrationsFolder: MIGRATIONS_FOLDER });
    await migrate(drizzle({ client: to as never }), { migrationsFolder: MIGRATIONS_FOLDER });
    rows = await copyEveryRow(from, to);
  } finally {
    await Promise.allSettled([from.close(), to.close()]);
  }
  fs.renameSync(next, ready);
  const kept = swapIn(dir, ready);
  log(`Carried ${rows} rows to PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}${kept}.`);
  return true;
}

/**
 * Puts the whole copy `ready` in the place of `dir`, whose earlier directory is kept beside it,
 * named by its major. `dir` may be gone already (a swap cut short between its two renames), or the
 * empty directory that opening made since. Answers what the log says of the kept directory.
 */
function swapIn(dir: string, ready: string): string {
  let said = '';
  const versionFile = path.join(dir, 'PG_VERSION');
  if (fs.existsSync(versionFile)) {
    const kept = unusedPath(`${dir}.postgres-${fs.readFileSync(versionFile, 'utf8').trim()}`);
    fs.renameSync(dir, kept);
    said = `; the earlier directory is kept in ${kept}`;
  } else if (fs.existsSync(dir)) {
    if (fs.readdirSync(dir).length > 0) {
      throw new EmbeddedDataDirError(
        `${dir} holds files that are not a database, and ${ready} holds the carried one: move one of them away.`,
      );
    }
    fs.rmdirSync(dir);
  }
  fs.renameSync(ready, dir);
  return said;
}

async function copyEveryRow(from: EmbeddedClient, to: EmbeddedClient): Promise<number> {
  const tables = (
    await from.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    )
  ).rows.map((t) => t.name);
  const sequences = (
    await from.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    )
  ).rows.map((s) => s.name);
  let rows = 0;
  await to.exec('BEGIN');
  try {
    // Replica mode leaves user triggers and foreign-key checks off for this session: the rows are
    // copied as they stood, in any order, and no counter trigger adds them up a second time.
    await to.exec('SET LOCAL session_replication_role = replica');
    if (tables.length > 0) await to.exec(`TRUNCATE ${tables.join(', ')}`);
    for (const table of tables) {
      const out = await from.query(`COPY ${table} TO '/dev/blob'`);
      if (!out.blob) continue;
      await to.query(`COPY ${table} FROM '/dev/blob'`, [], { blob: out.blob });
      const counted = await to.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      rows += counted.rows[0]?.n ?? 0;
    }
    for (const sequence of sequences) {
      const state = await from.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text, is_called FROM ${sequence}`,
      );
      const s = state.rows[0];
      if (s) await to.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [sequence, s.last_value, s.is_called]);
    }
    await to.exec('COMMIT');
  } catch (err) {
    await to.exec('ROLLBACK');
    throw err;
  }
  return rows;
}

/** `base`, or `base-2`, `base-3`…: an earlier carrying's kept directory is never overwritten. */
function unusedPath(base: string): string {
  let candidate = base;
  for (let n = 2; fs.existsSync(candidate); n += 1) candidate = `${base}-${n}`;
  return candidate;
}
