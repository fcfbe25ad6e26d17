import pg from 'pg';

export interface ChannelHandlers {
  /** A `NOTIFY` on the channel, after the transaction that sent it committed. */
  onNotify(payload: string): void;
  /**
   * The listening connection was lost and is back: notifications sent meanwhile never arrived, so
   * whoever relies on them reads again what it may have missed.
   */
  onReconnect?(): void;
  /** The connection was lost (logged by the caller; the listener keeps trying by itself). */
  onLost?(err: unknown): void;
}

export interface ChannelListener {
  /** Resolves once the first `LISTEN` is in place (tests wait for it; it never rejects). */
  readonly ready: Promise<void>;
  /** Whether `LISTEN` is in place right now. */
  readonly listening: boolean;
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * `LISTEN channel` on a connection of its own (a pooled connection would be handed to a query and
 * lose it), kept open for the life of the node: when PostgreSQL restarts or the network drops it,
 * it connects again after 100 ms, doubling up to 5 s, and says so through `onReconnect`.
 */
export function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ChannelHandlers,
): ChannelListener {
  let client: pg.Client | null = null;
  let closed = false;
  let listening = false;
  let everListened = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const lost = (c: pg.Client, err: unknown) => {
    if (client !== c) return;
    client = null;
    listening = false;
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    if (closed) return;
    handlers.onLost?.(err);
    schedule();
  };

  const schedule = () => {
    if (closed || timer) return;
    // A little jitter, so the nodes of a cluster do not all knock at the same moment after a restart.
    const wait = retryMs + Math.floor(Math.random() * retryMs * 0.2);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 3000, keepAlive: true });
    client = c;
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, new Error('connection ended')));
    c.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotify(message.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      lost(c, err);
      return;
    }
    if (closed || client !== c) {
      await c.end().catch(() => undefined);
      return;
    }
    listening = true;
    retryMs = FIRST_RETRY_MS;
    if (everListened) handlers.onReconnect?.();
    everListened = true;
    markReady();
  };

  void connect();
  return {
    ready,
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      markReady();
      const c = client;
      client = null;
      listening = false;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}
