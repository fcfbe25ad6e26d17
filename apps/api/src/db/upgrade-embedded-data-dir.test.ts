import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { messagePageSchema } from '@comped/shared/schemas/conversations';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { PGlite as PGlite18 } from 'pglite-postgres-18';
import { pg_trgm as pgTrgm18 } from 'pglite-postgres-18/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';

import { createBrandOwner, createUser } from '../../test/factories';
import { testConfig } from '../../test/test-app';
import { buildApp } from '../app';
import { openBookingConversation } from '../modules/conversations/open-conversation';
import { createVisit } from '../modules/tasks/task.fixtures';
import type { Database, Db } from './client';
import { listenOnPglite, openDatabase } from './client';
import { runMigrations } from './migrate';
import * as schema from './schema';
import { EMBEDDED_POSTGRES_MAJOR } from './upgrade-embedded-data-dir';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-upgrade-'));
  dirs.push(dir);
  return dir;
}

/** The embedded database as the earlier release (PGlite 0.5, PostgreSQL 18) opened it. */
function earlierDatabase(dir: string): { client: PGlite18; database: Database } {
  const client = new PGlite18(dir, { extensions: { pg_trgm: pgTrgm18 } });
  const database: Database = {
    db: drizzle({ client: client as never, schema }) as unknown as Db,
    kind: 'pglite',
    listen: (channel, handlers) => listenOnPglite(client as never, channel, handlers),
    close: () => client.close(),
  };
  return { client, database };
}

interface Queryable {
  query<T>(sql: string): Promise<{ rows: T[] }>;
}

/** Every table's rows (as text, sorted) and every sequence's position: what the data is. */
async function contents(db: Queryable): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const tables = await db.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  for (const { name } of tables.rows) {
    const rows = await db.query<{ n: number; digest: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS digest
         FROM ${name} x`,
    );
    out[name] = `${rows.rows[0]!.n} ${rows.rows[0]!.digest}`;
  }
  const sequences = await db.query<{ name: string; last_value: string | null }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text FROM pg_sequences
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  for (const s of sequences.rows) out[`sequence ${s.name}`] = String(s.last_value);
  return out;
}

/** The same, read through the app's database. */
function contentsOf(database: Database): Promise<Record<string, string>> {
  return contents({
    query: async <T>(text: string) => (await database.db.execute(sql.raw(text))) as unknown as { rows: T[] },
  });
}

describe('an embedded data directory written by the earlier PostgreSQL major', () => {
  it('is carried to this one at start: every row, every count, every sequence, the earlier one kept', async () => {
    const dataDir = tempDataDir();
    const dbDir = path.join(dataDir, 'db');
    const earlier = earlierDatabase(dbDir);
    // What a user of the earlier release had: the base seed, a brand, a booking with its conversation
    // and a message (its notification and the kept unread counts written by triggers).
    await runMigrations(earlier.database);
    const before = await buildApp({ config: testConfig(dataDir), database: earlier.database, logger: false });
    await before.ready();
    const brand = await createBrandOwner(before.ctx, { name: 'Juniper Kitchen' });
    const influencer = await createUser(before.ctx, { role: 'influencer', name: 'Ivy Influencer' });
    const { booking } = await createVisit(before.ctx, {
      brandId: brand.brandId,
      userId: influencer.id,
      status: 'pending',
      withTask: false,
      visitAt: new Date(Date.now() + 3 * 86400_000),
    });
    const conversation = await before.ctx.db.transaction((tx) =>
      openBookingConversation(tx, { id: booking.id, brandId: brand.brandId, userId: influencer.id }),
    );
    const sent = await before.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversation.id}/messages`,
      headers: influencer.headers,
      payload: { body: 'Could we come at 8 instead?' },
    });
    expect(sent.statusCode).toBe(201);
    await before.close();
    const expected = await contents(earlier.client);
    await earlier.database.close();
    expect(fs.readFileSync(path.join(dbDir, 'PG_VERSION'), 'utf8').trim()).toBe('18');
    // A carrying cut short earlier left its partial directory: it is started again.
    fs.mkdirSync(`${dbDir}.postgres-${EMBEDDED_POSTGRES_MAJOR}-partial/leftover`, { recursive: true });

    const said: string[] = [];
    const database = await openDatabase({ dataDir, log: (m) => said.push(m) });
    expect(said[0]).toBe(
      `The embedded database in ${dbDir} was written by PostgreSQL 18: carrying it to ${EMBEDDED_POSTGRES_MAJOR}.`,
    );
    expect(said[1]).toMatch(new RegExp(`^Carried \\d+ rows to PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}; the earlier`));
    expect(fs.readFileSync(path.join(dbDir, 'PG_VERSION'), 'utf8').trim()).toBe(EMBEDDED_POSTGRES_MAJOR);
    expect(fs.existsSync(`${dbDir}.postgres-${EMBEDDED_POSTGRES_MAJOR}-partial`)).toBe(false);
    const carried = await contentsOf(database);
    expect(Object.keys(carried).length).toBeGreaterThan(40);
    expect(carried).toEqual(expected);

    // The app goes on where the user left it: their token, their unread message, the next ids.
    const after = await buildApp({ config: testConfig(dataDir), database, logger: false });
    await after.ready();
    const list = await after.inject({ method: 'GET', url: '/api/v1/conversations', headers: brand.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.unread_total).toBe(1);
    const reply = await after.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversation.id}/messages`,
      headers: brand.headers,
      payload: { body: '8 works, see you then.' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.id).toBeGreaterThan(sent.json().data.id);
    const thread = messagePageSchema.parse(
      (
        await after.inject({
          method: 'GET',
          url: `/api/v1/conversations/${conversation.id}/messages`,
          headers: influencer.headers,
        })
      ).json(),
    );
    expect(thread.data.map((m) => m.body)).toEqual(
      expect.arrayContaining(['Could we come at 8 instead?', '8 works, see you then.']),
    );
    await after.close();
    await database.close();

    // The earlier directory is kept as it was, and a second start carries nothing again.
    const kept = `${dbDir}.postgres-18`;
    expect(fs.readFileSync(path.join(kept, 'PG_VERSION'), 'utf8').trim()).toBe('18');
    const reopened = earlierDatabase(kept);
    expect(await contents(reopened.client)).toEqual(expected);
    await reopened.database.close();
    const quiet: string[] = [];
    const again = await openDatabase({ dataDir, log: (m) => quiet.push(m) });
    const carriedNow = await contentsOf(again);
    await again.close();
    expect(quiet).toEqual([]);

    // A swap cut short once the copy was whole: before its two renames, then between them.
    const ready = `${dbDir}.postgres-${EMBEDDED_POSTGRES_MAJOR}-ready`;
    fs.renameSync(dbDir, ready);
    fs.renameSync(kept, dbDir);
    for (const keptSaid of [`; the earlier directory is kept in ${kept}`, '']) {
      if (!keptSaid) fs.renameSync(dbDir, ready);
      const resumedSaid: string[] = [];
      const resumed = await openDatabase({ dataDir, log: (m) => resumedSaid.push(m) });
      expect(await contentsOf(resumed)).toEqual(carriedNow);
      await resumed.close();
      expect(resumedSaid).toEqual([
        `Finished carrying the embedded database in ${dbDir} to PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}${keptSaid}.`,
      ]);
      expect(fs.existsSync(ready)).toBe(false);
      expect(fs.readFileSync(path.join(kept, 'PG_VERSION'), 'utf8').trim()).toBe('18');
    }
  }, 120_000);

  it("names the major this build's PGlite writes", async () => {
    const current = new PGlite();
    const version = await current.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
    await current.close();
    expect(String(Math.floor(Number(version.rows[0]!.v) / 10_000))).toBe(EMBEDDED_POSTGRES_MAJOR);
  });

  it('refuses, in words, a directory of a major it cannot read, and leaves it as it is', async () => {
    const dataDir = tempDataDir();
    const dbDir = path.join(dataDir, 'db');
    fs.mkdirSync(dbDir, { recursive: true });
    fs.writeFileSync(path.join(dbDir, 'PG_VERSION'), '16\n');
    await expect(openDatabase({ dataDir, log: () => undefined })).rejects.toThrow(
      `The embedded database in ${dbDir} was written by PostgreSQL 16, which this version of Comped cannot read`,
    );
    expect(fs.readdirSync(dataDir).sort()).toEqual(['db']);
    expect(fs.readFileSync(path.join(dbDir, 'PG_VERSION'), 'utf8')).toBe('16\n');
  });
});
