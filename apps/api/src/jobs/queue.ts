import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { jobs } from '../db/schema';
import type { Clock } from '../lib/clock';

/**
 * A small job queue kept in the database (ADR 003). Any number of API nodes run one worker each;
 * a job is claimed with `FOR UPDATE SKIP LOCKED`, so two nodes never run the same job, and a job
 * whose node died is picked up again when its lock expires. Enqueue inside the caller's
 * transaction, so a job exists exactly when the change that caused it was committed.
 */
export type JobHandler = (payload: Record<string, unknown>, ctx: { jobId: number; attempt: number }) => Promise<void>;

export interface PeriodicJob {
  name: string;
  everyMs: number;
}

export interface EnqueueOptions {
  runAt?: Date;
  singletonKey?: string;
  maxAttempts?: number;
}

const LOCK_MS = 5 * 60_000;

export async function enqueue(
  db: DbOrTx,
  name: string,
  payload: Record<string, unknown> = {},
  opts: EnqueueOptions = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      name,
      payload,
      runAt: opts.runAt ?? new Date(0),
      singletonKey: opts.singletonKey,
      maxAttempts: opts.maxAttempts ?? 5,
    })
    .onConflictDoNothing();
}

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly periodic: PeriodicJob[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  readonly workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  /** A job run every `everyMs`, scheduled once per period however many nodes run. */
  every(name: string, everyMs: number, handler: JobHandler): void {
    this.register(name, handler);
    this.periodic.push({ name, everyMs });
  }

  start(pollMs: number): void {
    if (pollMs <= 0) return;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.runDue()
        .then(() => undefined)
        .catch((err: unknown) => this.log.error({ err }, 'job worker tick failed'))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(tick, pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops polling and waits for the job in hand to finish (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Schedules due periodic jobs, then runs due jobs until none is left. Returns how many ran. */
  async runDue(limit = 100): Promise<number> {
    await this.schedulePeriodic();
    let ran = 0;
    while (ran < limit) {
      const job = await this.claim();
      if (!job) break;
      await this.execute(job);
      ran += 1;
    }
    return ran;
  }

  private async schedulePeriodic(): Promise<void> {
    const now = this.clock.now().getTime();
    for (const p of this.periodic) {
      const bucket = Math.floor(now / p.everyMs);
      await enqueue(this.db, p.name, {}, { singletonKey: `${p.name}:${bucket}`, maxAttempts: 1 });
    }
  }

  private async claim() {
    const now = this.clock.now();
    const names = [...this.handlers.keys()];
    if (names.length === 0) return undefined;
    // A job left "running" by a node that died is taken again once its lock has expired.
    const rows = await this.db.execute<{
      id: number;
      name: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
    }>(sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1,
        locked_until = ${new Date(now.getTime() + LOCK_MS)}, locked_by = ${this.workerId}
      WHERE id = (
        SELECT id FROM jobs
        WHERE name IN (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
          AND ((status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_until < ${now}))
        ORDER BY run_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, name, payload, attempts, max_attempts`);
    return rowsOf<{
      id: number;
      name: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
    }>(rows)[0];
  }

  private async execute(job: {
    id: number;
    name: string;
    payload: Record<string, unknown>;
    attempts: number;
    max_attempts: number;
  }) {
    const handler = this.handlers.get(job.name);
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(job.payload, { jobId: job.id, attempt: job.attempts });
      await this.db
        .update(jobs)
        .set({ status: 'done', finishedAt: this.clock.now(), lockedUntil: null, lastError: null })
        .where(eq(jobs.id, job.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.max_attempts;
      // Back off 2^attempt seconds (2 s, 4 s, 8 s, ...) before the next try.
      const retryAt = new Date(this.clock.now().getTime() + 2 ** job.attempts * 1000);
      this.log.warn(
        { job: job.name, jobId: job.id, attempt: job.attempts, err: message },
        final ? 'job failed for good' : 'job failed, will retry',
      );
      await this.db
        .update(jobs)
        .set(
          final
            ? { status: 'failed', lastError: message, lockedUntil: null, finishedAt: this.clock.now() }
            : { status: 'queued', lastError: message, lockedUntil: null, runAt: retryAt },
        )
        .where(eq(jobs.id, job.id));
    }
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
