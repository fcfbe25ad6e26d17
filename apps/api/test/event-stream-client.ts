import type { EventSourceMessage } from 'eventsource-parser';
import { createParser } from 'eventsource-parser';

/**
 * `GET /api/v1/events` read as a client reads it (fetch with the bearer token, the body parsed by
 * eventsource-parser): what arrived, with when it arrived, for tests over a real listening server.
 */
export interface StreamEvent extends EventSourceMessage {
  at: number;
  json: unknown;
}

export interface TestStream {
  status: number;
  headers: Headers;
  events: StreamEvent[];
  comments: string[];
  retries: number[];
  /** Resolves when the server ends the stream (or it breaks). */
  ended: Promise<void>;
  /** Waits until an event matches (and returns it), or fails after `timeoutMs`. */
  next(match: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Waits until `condition` holds after something arrived (a comment, a retry), or fails after `timeoutMs`. */
  until(condition: () => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

export async function openEventStream(
  baseUrl: string,
  token: string,
  opts: { lastEventId?: string } = {},
): Promise<TestStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const waiters = new Set<() => void>();
  const parser = createParser({
    onEvent: (e) => {
      let json: unknown = null;
      try {
        json = JSON.parse(e.data);
      } catch {
        // not JSON: kept as text in `data`
      }
      events.push({ ...e, at: Date.now(), json });
      for (const w of [...waiters]) w();
    },
    onComment: (c) => {
      comments.push(c.trim());
      for (const w of [...waiters]) w();
    },
    onRetry: (ms) => {
      retries.push(ms);
      for (const w of [...waiters]) w();
    },
  });
  const ended = (async () => {
    if (!res.body || res.status !== 200) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // aborted by close(), or the connection broke
    }
    for (const w of [...waiters]) w();
  })();
  let done = false;
  void ended.then(() => (done = true));
  const wait = <T>(probe: () => T | undefined, timeoutMs: number, what: () => string) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = probe();
        if (found !== undefined) {
          cleanup();
          resolve(found);
        } else if (done) {
          cleanup();
          reject(new Error(`the stream ended first; ${what()}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`nothing within ${timeoutMs} ms; ${what()}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  const seen = () => `events ${JSON.stringify(events.map((e) => e.event))}, comments ${JSON.stringify(comments)}`;
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    retries,
    ended,
    next: (match, timeoutMs = 5000) => wait(() => events.find(match), timeoutMs, seen),
    until: (condition, timeoutMs = 5000) =>
      wait(() => (condition() ? true : undefined), timeoutMs, seen).then(() => undefined),
    close: () => abort.abort(),
  };
}
