import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createTestApp, type TestApp } from '../../test/test-app';
import { jobs, mailOutbox } from '../db/schema';
import { stableMessageId } from '../modules/mail/mail.sender';
import { queueMail } from '../modules/mail/queue-mail';
import { cancelJob, enqueue, JobQueue, periodicKey } from './queue';

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

  it('keeps one row per periodic job: ticks neither add rows nor draw ids', async () => {
    const q = new JobQueue(t.ctx.db, t.clock, t.app.log);
    let runs = 0;
    q.every('quiet-tick', 60_000, async () => {
      runs += 1;
    });
    t.clock.freeze(new Date('2031-05-01T10:00:30Z'));
    await q.runDue();
    const probe = async () => (await enqueue(t.ctx.db, 'probe', {}))!;
    const idBefore = await probe();
    for (let i = 0; i < 20; i += 1) await q.runDue();
    expect(await probe()).toBe(idBefore + 1);
    const rows = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'quiet-tick'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'queued', singletonKey: periodicKey('quiet-tick') });
    expect(rows[0]!.runAt.toISOString()).toBe('2031-05-01T10:01:00.000Z');
    expect(runs).toBe(1);
    // The test clock moved back: the next run is pulled in rather than waiting years.
    t.clock.freeze(new Date('2031-04-01T10:00:00Z'));
    await q.runDue();
    expect(runs).toBe(2);
    t.clock.set(null);
  });

  it('runs a job again once the lease of the node that held it has run out', async () => {
    const dead = new JobQueue(t.ctx.db, t.clock, t.app.log, { leaseMs: 300 });
    const alive = new JobQueue(t.ctx.db, t.clock, t.app.log, { leaseMs: 300 });
    const ran: string[] = [];
    let hang!: () => void;
    dead.register('leased', async () => {
      ran.push('dead');
      await new Promise<void>((resolve) => (hang = resolve));
    });
    alive.register('leased', async () => {
      ran.push('alive');
    });
    await enqueue(t.ctx.db, 'leased', {});
    // The first node takes it; its heartbeat renews the lease, so the other node keeps off it.
    const first = dead.runDue();
    await vi.waitFor(() => expect(ran).toEqual(['dead']));
    await new Promise((r) => setTimeout(r, 700));
    expect(await alive.runDue()).toBe(0);
    // The node "dies" (a crash: its lease runs out without a hand-back).
    await t.ctx.db.execute(
      sql`UPDATE jobs SET locked_until = now() - interval '1 second', locked_by = 'gone' WHERE name = 'leased'`,
    );
    expect(await alive.runDue()).toBe(1);
    expect(ran).toEqual(['dead', 'alive']);
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'leased'));
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    hang();
    await first;
    // The dead node's late finish does not overwrite the row it no longer holds.
    const [after] = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'leased'));
    expect(after).toMatchObject({ status: 'done', attempts: 2, lockedBy: row!.lockedBy });
  });

  it('dedupes on singletonKey, replaces when asked, and cancels a queued job', async () => {
    const at = new Date('2032-01-01T09:00:00Z');
    const id = await enqueue(t.ctx.db, 'reminder', { bookingId: 1 }, { singletonKey: 'reminder:1', runAt: at });
    expect(id).not.toBeNull();
    expect(await enqueue(t.ctx.db, 'reminder', { bookingId: 1 }, { singletonKey: 'reminder:1' })).toBeNull();
    const later = new Date('2032-01-02T09:00:00Z');
    const replaced = await enqueue(
      t.ctx.db,
      'reminder',
      { bookingId: 1, v: 2 },
      { singletonKey: 'reminder:1', runAt: later, replace: true },
    );
    expect(replaced).toBe(id);
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.singletonKey, 'reminder:1'));
    expect(row).toMatchObject({ payload: { bookingId: 1, v: 2 }, status: 'queued' });
    expect(row!.runAt.toISOString()).toBe(later.toISOString());
    expect(await cancelJob(t.ctx.db, 'reminder:1')).toBe(true);
    expect(await cancelJob(t.ctx.db, 'reminder:1')).toBe(false);
  });

  it('on stop, takes no new job and hands back the one it cannot finish', async () => {
    const q = new JobQueue(t.ctx.db, t.clock, t.app.log);
    let started!: () => void;
    const startedP = new Promise<void>((r) => (started = r));
    const calls: number[] = [];
    q.register('long', async (payload) => {
      calls.push(Number(payload.n));
      started();
      await new Promise(() => undefined); // never finishes by itself
    });
    await enqueue(t.ctx.db, 'long', { n: 1 });
    await enqueue(t.ctx.db, 'long', { n: 2 });
    q.start(10);
    await startedP;
    await q.stop(100);
    expect(calls).toEqual([1]);
    const rows = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'long')).orderBy(jobs.id);
    expect(rows.map((r) => [r.status, r.attempts, r.lockedBy])).toEqual([
      ['queued', 0, null],
      ['queued', 0, null],
    ]);
  });

  it('retries a mail left sending by a dead node after its lease, with the same Message-ID', async () => {
    const id = await queueMail(t.ctx.db, { to: 'c@example.test', subject: 'Lease', text: 'Hi' });
    // A node took it and died mid-send: the row is `sending` under a lease that has run out.
    await t.ctx.db.execute(
      sql`UPDATE mail_outbox SET status = 'sending', attempts = 1, locked_by = 'dead', locked_until = now() + interval '1 hour' WHERE id = ${id}`,
    );
    await t.ctx.jobs.runDue();
    let [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    // Still leased by a live holder: not sent twice, the job waits.
    expect(mail).toMatchObject({ status: 'sending', lockedBy: 'dead' });
    const [job] = await t.ctx.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'mailId' = ${String(id)}`);
    expect(job).toMatchObject({ status: 'queued', lastError: `mail ${id} is being sent by another node` });
    await t.ctx.db.execute(sql`UPDATE mail_outbox SET locked_until = now() - interval '1 second' WHERE id = ${id}`);
    t.clock.freeze(new Date(Date.now() + 60_000));
    await t.ctx.jobs.runDue();
    t.clock.set(null);
    [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(mail).toMatchObject({ status: 'sent', attempts: 2, lockedBy: null });
    expect(mail!.messageId).toBe(stableMessageId(id, mail!.createdAt));
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
