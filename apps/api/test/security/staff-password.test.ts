import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { mailOutbox, users } from '../../src/db/schema';
import { seedBase } from '../../src/db/seed-base';
import { verifyPassword } from '../../src/lib/passwords';
import { createTestApp, type TestApp } from '../test-app';

const terminal = vi.hoisted(() => ({ attached: true, printed: [] as string[] }));
vi.mock('../../src/lib/logger', async (original) => ({
  ...(await original<typeof import('../../src/lib/logger')>()),
  printToTerminal: (text: string) => {
    if (!terminal.attached) return false;
    terminal.printed.push(text);
    return true;
  },
}));

/**
 * The first staff account's generated password (issue 13): shown once on the terminal, never
 * written to the log stream, which log shippers keep and many people read.
 */
describe('generated staff password', () => {
  let t: TestApp;
  let logged: string;
  /** Every level writes into `logged`, as the log stream would. */
  const logger = (): FastifyBaseLogger => {
    const write = (...args: unknown[]) => {
      logged += `${JSON.stringify(args)}\n`;
    };
    const log = {
      level: 'trace',
      fatal: write,
      error: write,
      warn: write,
      info: write,
      debug: write,
      trace: write,
      silent: write,
    };
    return { ...log, child: () => log } as unknown as FastifyBaseLogger;
  };
  const seedFresh = async () => {
    await t.ctx.db.delete(users).where(eq(users.role, 'staff'));
    const config = {
      ...t.config,
      env: 'development' as const,
      staffPassword: undefined,
      staffEmail: 'first@comped.test',
    };
    await seedBase({ ...t.ctx, config }, logger());
    return t.ctx.db.query.users.findFirst({ where: eq(users.email, 'first@comped.test') });
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    logged = '';
    terminal.printed = [];
  });

  it('goes to the terminal once and never into the log stream', async () => {
    terminal.attached = true;
    const staff = await seedFresh();
    expect(terminal.printed).toHaveLength(1);
    const password = /Staff password:\s+(\S+)/.exec(terminal.printed[0]!)?.[1] ?? '';
    expect(password).toHaveLength(16);
    expect(await verifyPassword(staff!.passwordHash!, password)).toBe(true);
    expect(logged).toContain('shown once on the terminal');
    expect(logged).not.toContain(password);
  });

  it('is not shown anywhere when no terminal is attached; the log says how to get in', async () => {
    terminal.attached = false;
    const staff = await seedFresh();
    expect(staff?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(terminal.printed).toHaveLength(0);
    expect(logged).toContain('STAFF_PASSWORD');
    expect(logged).not.toMatch(/Staff password:/);
  });

  it('says at every start that a staff account already exists, and that STAFF_* are not applied to it', async () => {
    const existing = await seedFresh();
    logged = '';
    const config = { ...t.config, env: 'development' as const, staffEmail: 'later@comped.test', staffPassword: 'x' };
    await seedBase({ ...t.ctx, config }, logger());
    expect(logged).toContain(`A staff account already exists (${existing!.email})`);
    expect(logged).toContain('STAFF_EMAIL and STAFF_PASSWORD only create the first staff account');
    expect(logged).not.toContain('"x"');
    expect(await t.ctx.db.query.users.findFirst({ where: eq(users.email, 'later@comped.test') })).toBeUndefined();
  });
});

/**
 * Issue 24: `npm run seed:demo` before the first `npm start` made the staff account with a password
 * nobody saw, and the STAFF_EMAIL/STAFF_PASSWORD then given to `npm start` were ignored.
 */
describe('seed:demo before the first start', () => {
  it('leaves the staff account to npm start, which creates it from STAFF_EMAIL and STAFF_PASSWORD', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comped-seed-'));
    try {
      const seedDemo = fileURLToPath(new URL('../../scripts/seed-demo.ts', import.meta.url));
      const { DATABASE_URL: _db, STAFF_EMAIL: _e, STAFF_PASSWORD: _p, ...inherited } = process.env;
      const child = spawn(process.execPath, ['--import', 'tsx', seedDemo], {
        env: { ...inherited, NODE_ENV: 'development', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(status, out).toBe(0);
      expect(out).toContain('Demo data created.');
      expect(out).toContain('the first `npm start` creates the account, from STAFF_EMAIL and STAFF_PASSWORD');

      // The server's first start, on the seeded folder, with the operator's choice.
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        JOB_POLL_MS: '0',
        WEB_DIST: path.join(dataDir, 'no-web'),
        STAFF_EMAIL: 'ops@comped.test',
        STAFF_PASSWORD: 'chosen-by-ops',
      });
      const app = await buildApp({ config, logger: false });
      try {
        const staff = await app.ctx.db.select().from(users).where(eq(users.role, 'staff'));
        expect(staff.map((u) => u.email)).toEqual(['ops@comped.test']);
        expect(await verifyPassword(staff[0]!.passwordHash!, 'chosen-by-ops')).toBe(true);
        // The demo data is there too.
        expect(
          await app.ctx.db.query.users.findFirst({ where: eq(users.email, 'brand@demo.comped.app') }),
        ).toBeDefined();
        // The team's pending invitation waits in the outbox as inviting sends it, and its link works.
        const [invitation] = await app.ctx.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, 'invited@demo.comped.app'));
        expect(invitation?.subject).toBe("You're invited to join Trattoria Marino on Comped");
        const token = /\/join\?token=([^\s"&<]+)/.exec(invitation!.text)?.[1];
        expect(token).toBeDefined();
        const joined = await app.inject({
          method: 'POST',
          url: '/api/v1/members/accept',
          payload: { token: decodeURIComponent(token!), name: 'Ivy Invited', password: 'a-long-passphrase' },
        });
        expect(joined.statusCode, joined.body).toBe(200);
        // A journalist's application waits for review, its received mail in the outbox; staff approve it.
        const staffToken = await app.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { email: 'ops@comped.test', password: 'chosen-by-ops' },
        });
        expect(staffToken.statusCode, staffToken.body).toBe(200);
        const asStaff = { authorization: `Bearer ${staffToken.json().access_token}` };
        const queue = await app.inject({ method: 'GET', url: '/api/v1/admin/applications', headers: asStaff });
        expect(queue.json().data).toEqual([
          expect.objectContaining({ name: 'Priya Shah', type: 'journalist', status: 'pending' }),
        ]);
        expect(queue.json().meta.total).toBe(1);
        const [received] = await app.ctx.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, 'applicant@demo.comped.app'));
        expect(received).toBeDefined();
        const approved = await app.inject({
          method: 'POST',
          url: `/api/v1/admin/applications/${queue.json().data[0].id}/approve`,
          headers: asStaff,
          payload: { tier: 2 },
        });
        expect(approved.statusCode, approved.body).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
