import { PassThrough } from 'node:stream';

import { NOTIFICATION_RULES } from '@comped/shared/notification-kinds';
import type { LiveEventName } from '@comped/shared/schemas/notifications';
import { and, desc, eq, gt, inArray, isNull, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { AppContext } from '../../context';
import { accessTokens, notifications } from '../../db/schema';
import { isDatabaseUnavailable } from '../../lib/database-errors';
import type { LiveSignal, LiveSubscriber } from '../../lib/live-bus';
import { TOKEN_ABSOLUTE_MS, TOKEN_IDLE_MS } from '../../plugins/auth';
import { messageById } from '../conversations/conversation.serializer';
import { toNotificationResource } from '../notifications/list-notifications';

/** A client that reads slower than events come: past this much unread output its stream ends. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** What a client waits before reconnecting (the `retry:` field), and after this node's drain. */
export const RECONNECT_MS = 3000;
export const DRAIN_RECONNECT_MS = 1000;

interface OpenStream {
  userId: number;
  tokenId: number;
  out: PassThrough;
  /** The newest notification this stream has carried (replays after a lost bus start here). */
  lastNotificationId: number;
  /** Events that arrived while the replay after Last-Event-ID was being read, sent after it. */
  pending: { id?: number; text: string }[] | null;
}

/** One event of `text/event-stream`: `data` is JSON, on one line. */
function frame(event: LiveEventName, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class StreamLimitError extends Error {
  constructor(readonly scope: 'user' | 'node') {
    super(scope);
  }
}

/**
 * The event streams this node holds (`GET events`, issue 26), per user. Signals from the live bus
 * (any node's actions) are read once per node and written to each of the user's streams; a comment
 * every heartbeat keeps proxies from closing a quiet stream, and the same tick ends streams whose
 * token was revoked or expired. At most `maxStreamsPerUser` per user and `maxStreams` in all.
 */
export class EventStreams implements LiveSubscriber {
  private readonly byUser = new Map<number, Set<OpenStream>>();
  private count = 0;
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.heartbeat = setInterval(() => void this.beat(), ctx.config.events.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.count;
  }

  /**
   * Opens a stream for a signed-in user: the reconnection delay, a first comment (so the client
   * knows at once that the stream is held), then, after `Last-Event-ID`, the notifications it missed.
   */
  async open(user: { id: number; tokenId: number }, lastEventId: number | null): Promise<PassThrough> {
    const { maxStreams, maxStreamsPerUser } = this.ctx.config.events;
    const mine = this.byUser.get(user.id) ?? new Set<OpenStream>();
    if (this.closing || this.count >= maxStreams) throw new StreamLimitError('node');
    if (mine.size >= maxStreamsPerUser) throw new StreamLimitError('user');
    const out = new PassThrough();
    const stream: OpenStream = { userId: user.id, tokenId: user.tokenId, out, lastNotificationId: 0, pending: [] };
    mine.add(stream);
    this.byUser.set(user.id, mine);
    this.count += 1;
    out.once('close', () => this.forget(stream));
    out.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
    try {
      if (lastEventId !== null) await this.replay(stream, lastEventId);
      else stream.lastNotificationId = await this.newestNotificationId(user.id);
    } catch (err) {
      this.end(stream);
      throw err;
    }
    this.flushPending(stream);
    return out;
  }

  onSignal(signal: LiveSignal): void {
    const local = signal.u.filter((u) => this.byUser.has(u));
    if (local.length === 0) return;
    void this.deliver(signal, local).catch((err: unknown) => {
      if (isDatabaseUnavailable(err)) this.log.warn('event streams: database unavailable, an event was not read');
      else this.log.error({ err }, 'event streams: an event could not be delivered');
    });
  }

  /** The bus may have lost signals: every stream gets the notifications it has not carried yet. */
  onResync(): void {
    void (async () => {
      for (const streams of [...this.byUser.values()]) {
        for (const stream of [...streams]) await this.replay(stream, stream.lastNotificationId);
      }
    })().catch((err: unknown) => this.log.warn({ err: String(err) }, 'event streams: resync failed'));
  }

  /**
   * Ends every stream with a short reconnection delay: this node is draining, so the client's next
   * connection reaches another node (the load balancer sees /readyz 503 already).
   */
  closeAll(retryMs = DRAIN_RECONNECT_MS): void {
    this.closing = true;
    clearInterval(this.heartbeat);
    for (const streams of [...this.byUser.values()]) {
      for (const stream of [...streams]) {
        stream.out.end(`retry: ${retryMs}\n: this server is restarting, reconnect\n\n`);
      }
    }
  }

  private async deliver(signal: LiveSignal, users: number[]): Promise<void> {
    if (signal.t === 'x') {
      // Access revoked: end the streams; the client's reconnection meets the 401 and signs out.
      for (const stream of this.streamsOf(users[0]!)) stream.out.end(': access revoked\n\n');
      return;
    }
    if (signal.t === 'n') {
      const userId = users[0]!;
      const [row] = await this.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, signal.id), eq(notifications.userId, userId)))
        .limit(1);
      // Replaced (a newer message of the same thread) or read before it arrived: nothing to show.
      if (!row) return;
      for (const stream of this.streamsOf(userId)) this.sendNotification(stream, toNotificationResource(row));
      return;
    }
    if (signal.t === 'm') {
      const message = await messageById(this.ctx.db, signal.id);
      if (!message) return;
      // The media user's frame leaves out which member of the brand's team wrote it.
      const media = frame('message', message.media);
      const team = frame('message', message.team);
      for (const userId of users) {
        const text = userId === message.mediaUserId ? media : team;
        for (const stream of this.streamsOf(userId)) this.send(stream, text);
      }
      return;
    }
    const text = frame('read', { conversation_id: signal.c, user_id: signal.by, read_up_to: signal.m });
    for (const userId of users) for (const stream of this.streamsOf(userId)) this.send(stream, text);
  }

  /** An event for a stream: after its replay, when it is still being replayed. */
  private send(stream: OpenStream, text: string): void {
    if (stream.pending) stream.pending.push({ text });
    else this.write(stream, text);
  }

  private sendNotification(stream: OpenStream, n: ReturnType<typeof toNotificationResource>): void {
    if (stream.pending) {
      stream.pending.push({ id: n.id, text: frame('notification', n, n.id) });
      return;
    }
    if (n.id <= stream.lastNotificationId) return;
    stream.lastNotificationId = n.id;
    this.write(stream, frame('notification', n, n.id));
  }

  /** Notifications after `afterId`, oldest first (the newest 100 when more were missed). */
  private async replay(stream: OpenStream, afterId: number): Promise<void> {
    const rows = await this.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, stream.userId), gt(notifications.id, afterId)))
      .orderBy(desc(notifications.id))
      .limit(NOTIFICATION_RULES.replayMax);
    stream.lastNotificationId = Math.max(stream.lastNotificationId, afterId);
    for (const row of rows.reverse()) {
      if (row.id <= stream.lastNotificationId) continue;
      stream.lastNotificationId = row.id;
      this.write(stream, frame('notification', toNotificationResource(row), row.id));
    }
  }

  private flushPending(stream: OpenStream): void {
    const pending = stream.pending ?? [];
    stream.pending = null;
    for (const p of pending) {
      if (p.id !== undefined) {
        if (p.id <= stream.lastNotificationId) continue;
        stream.lastNotificationId = p.id;
      }
      this.write(stream, p.text);
    }
  }

  private async newestNotificationId(userId: number): Promise<number> {
    const [row] = await this.ctx.db
      .select({ id: max(notifications.id) })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    return row?.id ?? 0;
  }

  private write(stream: OpenStream, text: string): void {
    if (stream.out.writableLength > MAX_BUFFERED_BYTES) {
      // The client does not read: end its stream rather than hold its events in memory. It reconnects
      // with Last-Event-ID and gets the notifications it missed.
      this.end(stream);
      return;
    }
    stream.out.write(text);
  }

  /** The heartbeat comment, and the end of streams whose token no longer signs anyone in. */
  private async beat(): Promise<void> {
    const all = [...this.byUser.values()].flatMap((s) => [...s]);
    if (all.length === 0) return;
    for (const stream of all) this.write(stream, ': heartbeat\n\n');
    const tokenIds = [...new Set(all.map((s) => s.tokenId))];
    const now = this.ctx.clock.now();
    let valid: Set<number>;
    try {
      const rows = await this.ctx.db
        .select({ id: accessTokens.id })
        .from(accessTokens)
        .where(
          and(
            inArray(accessTokens.id, tokenIds),
            isNull(accessTokens.revokedAt),
            gt(accessTokens.lastUsedAt, new Date(now.getTime() - TOKEN_IDLE_MS)),
            gt(accessTokens.createdAt, new Date(now.getTime() - TOKEN_ABSOLUTE_MS)),
          ),
        );
      valid = new Set(rows.map((r) => r.id));
    } catch (err) {
      // The database is away: keep the streams; the next beat checks again.
      if (!isDatabaseUnavailable(err)) this.log.error({ err }, 'event streams: token check failed');
      return;
    }
    for (const stream of all) if (!valid.has(stream.tokenId)) this.end(stream);
  }

  private streamsOf(userId: number): OpenStream[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  private end(stream: OpenStream): void {
    this.forget(stream);
    stream.out.end();
  }

  private forget(stream: OpenStream): void {
    const mine = this.byUser.get(stream.userId);
    if (!mine?.delete(stream)) return;
    this.count -= 1;
    if (mine.size === 0) this.byUser.delete(stream.userId);
  }
}
