import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../db/schema';
import { queueMail } from '../modules/mail/mail.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueue, JobQueue } from './queue';

describe('database job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs each job once even when two workers poll at the same time', async () => {
    const seen: number[] = [];
    const workers = [0, 1].map(() => {
      const q = new JobQueue(t.ctx.db, t.clock, t.app.log);
      q.register('count-once', async (payload) => {
        seen.push(Number(payload.n));
      });
      return q;
    });
    for (let n = 0; n < 20; n += 1) await enqueue(t.ctx.db, 'count-once', { n });
    const ran = await Promise.all(workers.map((w) => w.runDue()));
    expect(ran[0]! + ran[1]!).toBe(20);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const left = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'count-once'));
    expect(left.every((j) => j.status === 'done')).toBe(true);
  });

  it('retries a failed job later with back-off, and gives up after its last attempt', async () => {
    const q = new JobQueue(t.ctx.db, t.clock, t.app.log);
    let calls = 0;
    q.register('flaky', async () => {
      calls += 1;
      if (calls === 1) throw new Error('temporary failure');
    });
    q.register('broken', async () => {
      throw new Error('always fails');
    });
    await enqueue(t.ctx.db, 'flaky', {});
    await enqueue(t.ctx.db, 'broken', {}, { maxAttempts: 2 });
    const start = t.clock.now();
    t.clock.freeze(start);
    await q.runDue();
    const [flaky] = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'flaky'));
    expect(flaky).toMatchObject({ status: 'queued', attempts: 1, lastError: 'temporary failure' });
    expect(flaky!.runAt.getTime()).toBeGreaterThan(start.getTime());

    // Not due yet: nothing runs again until the back-off has passed.
    await q.runDue();
    expect(calls).toBe(1);
    t.clock.freeze(new Date(start.getTime() + 60_000));
    await q.runDue();
    expect(calls).toBe(2);
    const [done] = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'flaky'));
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    const [broken] = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'broken'));
    expect(broken).toMatchObject({ status: 'failed', attempts: 2, lastError: 'always fails' });
    t.clock.set(null);
  });

  it('schedules a periodic job once per period however many nodes schedule it', async () => {
    let runs = 0;
    const nodes = [0, 1, 2].map(() => {
      const q = new JobQueue(t.ctx.db, t.clock, t.app.log);
      q.every('tick', 3600_000, async () => {
        runs += 1;
      });
      return q;
    });
    t.clock.freeze(new Date('2030-01-01T10:15:00Z'));
    await Promise.all(nodes.map((n) => n.runDue()));
    await Promise.all(nodes.map((n) => n.runDue()));
    expect(runs).toBe(1);
    t.clock.freeze(new Date('2030-01-01T11:15:00Z'));
    await Promise.all(nodes.map((n) => n.runDue()));
    expect(runs).toBe(2);
    t.clock.set(null);
  });

  it('keeps a mail queued with its error when the SMTP server is down, and sends it once later', async () => {
    const down = await createTestApp({ MAIL_URL: 'smtp://127.0.0.1:9' });
    try {
      const id = await queueMail(down.ctx.db, { to: 'a@example.test', subject: 'Hello', text: 'Hi' });
      await down.ctx.jobs.runDue();
      const [mail] = await down.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(mail).toMatchObject({ status: 'queued', attempts: 1 });
      expect(mail!.lastError).toBeTruthy();
    } finally {
      await down.close();
    }
    // The default transport (files) sends it; a second run finds nothing left to send.
    const id = await queueMail(t.ctx.db, { to: 'b@example.test', subject: 'Hello', text: 'Hi' });
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.runDue();
    const [sent] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
