import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

import type { ChannelListener } from '../db/channel-listener';
import type { Database, DbOrTx } from '../db/client';

/** The PostgreSQL channel every API node listens on. */
export const LIVE_CHANNEL = 'comped_live';

/**
 * What happened, by ids only (issue 26): the node holding a stream reads the row itself, so a
 * payload stays far below PostgreSQL's 8,000-byte limit and carries no text. `u` lists the users
 * who may care, so a node with none of them connected reads nothing.
 */
const liveSignalSchema = z.discriminatedUnion('t', [
  /** A notification `id` for user `u[0]`. */
  z.object({ t: z.literal('n'), u: z.array(z.number().int()).length(1), id: z.number().int() }),
  /** A message `id` in conversation `c`, for every participant `u` (the sender's other tabs too). */
  z.object({ t: z.literal('m'), u: z.array(z.number().int()), id: z.number().int(), c: z.number().int() }),
  /** User `u[0]` lost access (a brand's member removed): their streams end now, not at the next heartbeat. */
  z.object({ t: z.literal('x'), u: z.array(z.number().int()).length(1) }),
  /** User `by` read conversation `c` up to message `m`. */
  z.object({
    t: z.literal('r'),
    u: z.array(z.number().int()),
    c: z.number().int(),
    by: z.number().int(),
    m: z.number().int(),
  }),
]);
export type LiveSignal = z.infer<typeof liveSignalSchema>;

/**
 * `publish` as an expression of the caller's own statement (issue 31: one round trip less per
 * signal), for a signal whose ids the statement makes: `signal` is SQL building the signal's JSON
 * (`json_build_object('t', 'n', ...)`), sent when the statement's transaction commits, as publish's.
 */
export function publishSql(signal: SQL): SQL {
  return sql`pg_notify(${LIVE_CHANNEL}, (${signal})::text)`;
}

export interface LiveSubscriber {
  onSignal(signal: LiveSignal): void;
  /** The bus lost signals (its connection dropped and is back): read again what may be missed. */
  onResync(): void;
}

/**
 * The live events between API nodes (issue 26): `publish` sends a signal with `pg_notify` inside the
 * caller's transaction, so it leaves exactly when the change commits, and every node's `LISTEN`
 * (db/client.ts) hands it to the subscribers here. On PGlite the same statements run on the one
 * embedded connection: the same path, one process.
 */
export class LiveBus {
  private listener: ChannelListener | null = null;
  private readonly subscribers = new Set<LiveSubscriber>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening (once the database is migrated); resolves when LISTEN is in place. */
  start(): Promise<void> {
    this.listener ??= this.database.listen(LIVE_CHANNEL, {
      onNotify: (payload) => this.deliver(payload),
      onReconnect: () => {
        this.log.info('live events: listening again after the database came back');
        for (const s of this.subscribers) s.onResync();
      },
      onLost: (err) => this.log.warn({ err: String(err) }, 'live events: database connection lost, reconnecting'),
    });
    return this.listener.ready;
  }

  get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Sends a signal when `tx` commits (or at once outside a transaction). */
  async publish(tx: DbOrTx, signal: LiveSignal): Promise<void> {
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(signal)})`);
  }

  async close(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    this.subscribers.clear();
    await listener?.close();
  }

  private deliver(payload: string): void {
    let signal: LiveSignal;
    try {
      signal = liveSignalSchema.parse(JSON.parse(payload));
    } catch {
      // Only this code sends on the channel; anything else is ignored, not trusted.
      this.log.warn('live events: ignored a malformed signal');
      return;
    }
    for (const s of this.subscribers) {
      try {
        s.onSignal(signal);
      } catch (err) {
        this.log.error({ err }, 'live events: a subscriber failed');
      }
    }
  }
}
