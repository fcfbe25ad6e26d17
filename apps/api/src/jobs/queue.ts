import { randomUUID } from 'node:crypto';
import os from 'node:os';

import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { Db, DbOrTx } from '../db/client';
import { jobs } from '../db/schema';
import type { Clock } from '../lib/clock';
import { isDatabaseUnavailable } from '../lib/database-errors';

/**
 * A small job queue kept in the database (ADR 003). Any number of API nodes run one worker each;
 * a job is claimed with `FOR UPDATE SKIP LOCKED` under a lease (`locked_until`, measured on the
 * database's clock so nodes need not agree on the time). The worker renews the lease while the
 * handler runs; a job whose node died is taken again once its lease has run out. Enqueue inside the
 * caller's transaction, so a job exists exactly when the change that caused it was committed.
 */
export interface JobContext {
  jobId: number;
  attempt: number;
  /** Aborted when this node shuts down: a long handler should stop and throw (the job is handed back). */
  signal: AbortSignal;
  /** The lease length; a handler holding a lease of its own (the mail row's) uses the same. */
  leaseMs: number;
  /** Who holds this run: stored in the rows a handler leases itself (e.g. `mail_outbox.locked_by`). */
  holder: string;
}
export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** Not before this instant (default: now). */
  runAt?: Date;
  /**
   * Dedupe key: at most one job with this key exists (until housekeeping prunes it a day after it
   * finished). A second enqueue with the same key does nothing and returns null, e.g.
   * `enqueue(tx, 'visit-reminder', { bookingId }, { singletonKey: \`visit-reminder-24h:${bookingId}\`, runAt })`.
   */
  singletonKey?: string;
  /**
   * With `singletonKey`: replace the existing job's payload and time instead of doing nothing
   * (a rescheduled visit moves its reminder), and queue it again if it had finished. A job running
   * right now is left alone.
   */
  replace?: boolean;
  maxAttempts?: number;
}

/** The key of the one row that carries a periodic job from period to period. */
export const periodicKey = (name: string) => `every:${name}`;

/** Thrown by a handler that should be retried later without it counting as a failure to log loudly. */
export class RetryLater extends Error {}

const DEFAULT_LEASE_MS = 60_000;

/**
 * Queues a job. Returns its id, or null when a job with the same `singletonKey` already exists
 * (and `replace` was not asked, or that job is running).
 */
export async function enqueue(
  db: DbOrTx,
  name: string,
  payload: Record<string, unknown> = {},
  opts: EnqueueOptions = {},
): Promise<number | null> {
  const values = {
    name,
    payload,
    runAt: opts.runAt ?? new Date(0),
    singletonKey: opts.singletonKey,
    maxAttempts: opts.maxAttempts ?? 5,
  };
  const insert = db.insert(jobs).values(values);
  const rows =
    opts.replace && opts.singletonKey
      ? await insert
          .onConflictDoUpdate({
            target: jobs.singletonKey,
            set: {
              name,
              payload,
              runAt: values.runAt,
              maxAttempts: values.maxAttempts,
              status: 'queued',
              attempts: 0,
              lastError: null,
              finishedAt: null,
            },
            setWhere: sql`${jobs.status} <> 'running'`,
          })
          .returning({ id: jobs.id })
      : await insert.onConflictDoNothing().returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/** Removes a job that has not started (a cancelled visit's reminder). True when one was removed. */
export async function cancelJob(db: DbOrTx, singletonKey: string): Promise<boolean> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.singletonKey, singletonKey), eq(jobs.status, 'queued')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

interface ClaimedJob {
  id: number;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  singleton_key: string | null;
}

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly periodic = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private stopping: Promise<void> | null = null;
  private readonly abort = new AbortController();
  /** The job this worker runs right now (handed back if shutdown cannot wait for it). */
  private current: ClaimedJob | null = null;
  readonly workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly leaseMs: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The app's logger: handlers log through it too. */
    readonly log: FastifyBaseLogger,
    opts: { leaseMs?: number } = {},
  ) {
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  }

  register(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  /**
   * A job run every `everyMs`, once per period however many nodes run. It lives in one row that
   * is queued again for the next period after each run, so the table and its ids do not grow.
   */
  every(name: string, everyMs: number, handler: JobHandler): void {
    this.register(name, handler);
    this.periodic.set(name, everyMs);
  }

  start(pollMs: number): void {
    if (pollMs <= 0) return;
    const tick = () => {
      if (this.stopped) return;
      let busy = false;
      this.running = this.runDue()
        .then((ran) => {
          busy = ran >= 100;
        })
        .catch((err: unknown) => {
          if (isDatabaseUnavailable(err)) this.log.warn('job worker: database unavailable, will retry');
          else this.log.error({ err }, 'job worker tick failed');
        })
        .finally(() => {
          this.running = null;
          // A full batch means more may be waiting: go on at once instead of sleeping.
          if (!this.stopped) this.timer = setTimeout(tick, busy ? 0 : pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  /**
   * Stops taking jobs. The job in hand gets `graceMs` to finish (its handler sees the abort
   * signal); after that it is handed back to the queue for another node, without counting as an
   * attempt. Safe to call more than once.
   */
  stop(graceMs = 10_000): Promise<void> {
    this.stopping ??= (async () => {
      this.stopped = true;
      if (this.timer) clearTimeout(this.timer);
      this.abort.abort();
      const inHand = this.running;
      if (!inHand) return;
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        inHand.then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), graceMs);
        }),
      ]);
      clearTimeout(timer);
      if (!finished && this.current) await this.handBack(this.current).catch(() => undefined);
    })();
    return this.stopping;
  }

  /** Schedules periodic jobs, then runs due jobs until none is left. Returns how many ran. */
  async runDue(limit = 100): Promise<number> {
    await this.schedulePeriodic();
    let ran = 0;
    while (ran < limit && !this.stopped) {
      const job = await this.claim();
      if (!job) break;
      await this.execute(job);
      ran += 1;
    }
    return ran;
  }

  /**
   * Makes sure each periodic job has its row (an INSERT that selects nothing when the row exists
   * draws no id), and pulls in a next run that lies more than one period ahead (the test clock
   * was moved back, or the period was shortened).
   */
  private async schedulePeriodic(): Promise<void> {
    if (this.periodic.size === 0) return;
    const now = this.clock.now();
    const list = sql.join(
      [...this.periodic].map(([name, everyMs]) => sql`(${name}::text, ${periodicKey(name)}::text, ${everyMs}::int8)`),
      sql`, `,
    );
    await this.db.execute(sql`
      INSERT INTO jobs (name, payload, run_at, singleton_key, max_attempts)
      SELECT p.name, '{}'::jsonb, ${now}::timestamptz, p.key, 3 FROM (VALUES ${list}) AS p(name, key, every_ms)
      WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.singleton_key = p.key)
      ON CONFLICT (singleton_key) DO NOTHING`);
    await this.db.execute(sql`
      UPDATE jobs SET run_at = ${now}::timestamptz
      FROM (VALUES ${list}) AS p(name, key, every_ms)
      WHERE jobs.singleton_key = p.key AND jobs.status = 'queued'
        AND jobs.run_at > ${now}::timestamptz + p.every_ms * interval '1 millisecond'`);
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const now = this.clock.now();
    const names = [...this.handlers.keys()];
    if (names.length === 0) return undefined;
    // Due by the app clock (which tests may move); leases by the database's clock (one for all nodes).
    const rows = await this.db.execute(sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1,
        locked_until = now() + ${this.leaseMs}::int8 * interval '1 millisecond', locked_by = ${this.workerId}
      WHERE id = (
        SELECT id FROM jobs
        WHERE name IN (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
          AND ((status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_until < now()))
        ORDER BY run_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, name, payload, attempts, max_attempts, singleton_key`);
    return rowsOf<ClaimedJob>(rows)[0];
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.name);
    const periodicEvery = job.singleton_key === periodicKey(job.name) ? this.periodic.get(job.name) : undefined;
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId), eq(jobs.status, 'running'));
    this.current = job;
    // Renew the lease while the handler runs, so only a dead node's job is ever taken again.
    const heartbeat = setInterval(
      () => {
        this.db
          .update(jobs)
          .set({ lockedUntil: sql`now() + ${this.leaseMs}::int8 * interval '1 millisecond'` })
          .where(mine)
          .catch(() => undefined);
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    try {
      // A job whose lease ran out on its last attempt (its node died each time) is not run again.
      if (job.attempts > job.max_attempts && periodicEvery === undefined) {
        throw new Error('lease expired on the last attempt');
      }
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(job.payload, {
        jobId: job.id,
        attempt: job.attempts,
        signal: this.abort.signal,
        leaseMs: this.leaseMs,
        holder: `${this.workerId}:${job.id}:${job.attempts}`,
      });
      clearInterval(heartbeat);
      await this.db
        .update(jobs)
        .set(
          periodicEvery !== undefined
            ? { ...this.nextPeriod(periodicEvery), lastError: null }
            : { status: 'done', finishedAt: this.clock.now(), lockedUntil: null, lastError: null },
        )
        .where(mine);
    } catch (err) {
      clearInterval(heartbeat);
      if (this.abort.signal.aborted) {
        await this.handBack(job);
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.max_attempts;
      // Back off 2^attempt seconds (2 s, 4 s, 8 s, ...) before the next try.
      const retryAt = new Date(this.clock.now().getTime() + 2 ** job.attempts * 1000);
      const detail = { job: job.name, jobId: job.id, attempt: job.attempts, err: message };
      if (err instanceof RetryLater) this.log.info(detail, 'job deferred');
      else this.log.warn(detail, final ? 'job failed for good' : 'job failed, will retry');
      let next: Partial<typeof jobs.$inferInsert>;
      if (!final) next = { status: 'queued', lastError: message, lockedUntil: null, lockedBy: null, runAt: retryAt };
      else if (periodicEvery !== undefined) next = { ...this.nextPeriod(periodicEvery), lastError: message };
      else next = { status: 'failed', lastError: message, lockedUntil: null, finishedAt: this.clock.now() };
      await this.db.update(jobs).set(next).where(mine);
    } finally {
      this.current = null;
    }
  }

  /** A periodic job's row goes back to the queue for the start of the next period. */
  private nextPeriod(everyMs: number) {
    const now = this.clock.now();
    return {
      status: 'queued' as const,
      attempts: 0,
      runAt: new Date((Math.floor(now.getTime() / everyMs) + 1) * everyMs),
      lockedUntil: null,
      lockedBy: null,
      finishedAt: now,
    };
  }

  /** Gives a job back to the queue at once, without counting the attempt (this node is stopping). */
  private async handBack(job: ClaimedJob): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedUntil: null, lockedBy: null })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId), eq(jobs.status, 'running')));
    this.log.info({ job: job.name, jobId: job.id }, 'job handed back (shutting down)');
  }

  /** Removes finished jobs older than a day so the table stays small. */
  async prune(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - 24 * 3600_000);
    await this.db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, cutoff)));
  }
}

/** node-postgres answers `{rows}`, PGlite answers `{rows}` too; keep the access in one place. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
