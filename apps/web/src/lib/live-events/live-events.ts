import type { LiveEventName } from '@comped/shared/schemas/notifications';
import { createParser } from 'eventsource-parser';

/**
 * The live events client (issue 26): `GET /api/v1/events` read with fetch, since EventSource cannot
 * send the bearer token, and parsed by eventsource-parser. It reconnects by itself (the server's
 * `retry:` delay after a clean end, growing delays after failures) with `Last-Event-ID`, so missed
 * notifications are replayed. When the stream cannot be held (nothing, not even the heartbeat, for
 * 35 s: a proxy that buffers; or the server refusing more streams) it falls back to polling and tries
 * the stream again later.
 */
export interface LiveEventsOptions {
  /** The bearer token of the session. */
  token: () => string | null;
  onEvent: (name: LiveEventName, data: unknown) => void;
  /**
   * Called when events may have been missed (a reconnect after a gap) and on every poll while the
   * stream cannot be held: refresh what the events would have updated.
   */
  onStale: () => void;
  /** The server said the token is no longer valid: stop (start-live-events.ts then signs out). */
  onUnauthenticated?: () => void;
  /** Tests: a fetch and timers of their own. */
  fetch?: typeof fetch;
  /** How long without a byte before the stream counts as held back (the heartbeat is 25 s). */
  silenceMs?: number;
  /** How often to refresh while polling. */
  pollMs?: number;
}

export type LiveEventsMode = 'connecting' | 'streaming' | 'polling' | 'stopped';

const DEFAULT_SILENCE_MS = 35_000;
const DEFAULT_POLL_MS = 15_000;
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
/** After falling back to polling, try the stream again after this long (doubling, capped). */
const FIRST_STREAM_RETRY_MS = 60_000;
const MAX_STREAM_RETRY_MS = 10 * 60_000;

export interface LiveEventsConnection {
  readonly mode: LiveEventsMode;
  stop(): void;
}

export function connectLiveEvents(opts: LiveEventsOptions): LiveEventsConnection {
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const silenceMs = opts.silenceMs ?? DEFAULT_SILENCE_MS;
  const pollMs = opts.pollMs ?? DEFAULT_POLL_MS;
  let mode: LiveEventsMode = 'connecting';
  let stopped = false;
  let lastEventId: string | null = null;
  let retryMs = 3000;
  let backoffMs = FIRST_BACKOFF_MS;
  let streamRetryMs = FIRST_STREAM_RETRY_MS;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let everConnected = false;
  /** Ends the read in progress (a fetch's body does not always follow its signal). */
  let cancelRead: (() => void) | null = null;

  const later = (ms: number, fn: () => void) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (!stopped) fn();
    }, ms);
  };
  const jitter = (ms: number) => ms + Math.floor(Math.random() * ms * 0.2);

  const startPolling = (retryStreamInMs: number) => {
    mode = 'polling';
    opts.onStale();
    if (!pollTimer) pollTimer = setInterval(() => opts.onStale(), pollMs);
    later(retryStreamInMs, () => void connect());
  };
  const stopPolling = () => {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
  };

  const connect = async () => {
    if (stopped) return;
    const token = opts.token();
    if (!token) {
      stop();
      return;
    }
    if (mode !== 'polling') mode = 'connecting';
    const controller = new AbortController();
    abort = controller;
    // Nothing at all for `silenceMs` (not even the first comment): a proxy holds the stream back.
    let silent: ReturnType<typeof setTimeout> | null = null;
    let heldBack = false;
    let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    const heard = () => {
      if (silent) clearTimeout(silent);
      silent = setTimeout(() => {
        heldBack = true;
        controller.abort();
        void reader?.cancel().catch(() => undefined);
      }, silenceMs);
    };
    heard();
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    let cleanEnd = false;
    try {
      const res = await doFetch('/api/v1/events', { headers, signal: controller.signal, cache: 'no-store' });
      if (res.status === 401) {
        await res.body?.cancel();
        opts.onUnauthenticated?.();
        stop();
        return;
      }
      const type = res.headers.get('content-type') ?? '';
      if (res.status !== 200 || !type.startsWith('text/event-stream') || !res.body) {
        await res.body?.cancel();
        // Too many streams (429), a draining node (503), or something in the way: poll meanwhile.
        const after = Number(res.headers.get('retry-after'));
        startPolling(Number.isFinite(after) && after > 0 ? after * 1000 : jitter(streamRetryMs));
        streamRetryMs = Math.min(streamRetryMs * 2, MAX_STREAM_RETRY_MS);
        return;
      }
      const parser = createParser({
        onEvent: (e) => {
          if (e.id) lastEventId = e.id;
          if (e.event !== 'notification' && e.event !== 'message' && e.event !== 'read') return;
          let data: unknown;
          try {
            data = JSON.parse(e.data);
          } catch {
            return;
          }
          opts.onEvent(e.event, data);
        },
        onRetry: (ms) => {
          retryMs = ms;
        },
      });
      reader = res.body.getReader();
      const current = reader;
      cancelRead = () => void current.cancel().catch(() => undefined);
      const decoder = new TextDecoder();
      let first = true;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        heard();
        if (first) {
          first = false;
          stopPolling();
          mode = 'streaming';
          backoffMs = FIRST_BACKOFF_MS;
          streamRetryMs = FIRST_STREAM_RETRY_MS;
          // Back after a gap: what happened meanwhile beyond the replayed notifications is read again.
          if (everConnected) opts.onStale();
          everConnected = true;
        }
        parser.feed(decoder.decode(value, { stream: true }));
      }
      cleanEnd = true;
    } catch {
      // A network failure, or our own abort (stop, or a stream held back).
    } finally {
      if (silent) clearTimeout(silent);
      abort = null;
      cancelRead = null;
    }
    if (stopped) return;
    if (heldBack) {
      startPolling(jitter(streamRetryMs));
      streamRetryMs = Math.min(streamRetryMs * 2, MAX_STREAM_RETRY_MS);
      return;
    }
    if (cleanEnd) {
      // The server ended the stream (a restart or a drain): come back after its `retry:` delay.
      if (mode !== 'polling') mode = 'connecting';
      later(jitter(retryMs), () => void connect());
      return;
    }
    later(jitter(backoffMs), () => void connect());
    backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
  };

  const stop = () => {
    stopped = true;
    mode = 'stopped';
    if (timer) clearTimeout(timer);
    stopPolling();
    abort?.abort();
    cancelRead?.();
  };

  void connect();
  return {
    get mode() {
      return mode;
    },
    stop,
  };
}
