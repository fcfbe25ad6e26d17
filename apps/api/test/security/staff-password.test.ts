import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../src/db/schema';
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
});
