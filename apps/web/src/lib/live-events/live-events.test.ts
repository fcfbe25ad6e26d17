import { afterEach, describe, expect, it, vi } from 'vitest';

import type { LiveEventsConnection } from './live-events';
import { connectLiveEvents } from './live-events';

/** A server's answer whose body the test writes into as it goes. */
function streamAnswer(status = 200, headers: Record<string, string> = { 'content-type': 'text/event-stream' }) {
  let push: (text: string) => void = () => undefined;
  let end: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  return { response: new Response(body, { status, headers }), push: (t: string) => push(t), end: () => end() };
}

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 2000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await tick();
  }
}

let connection: LiveEventsConnection | null = null;
afterEach(() => connection?.stop());

describe('the live events client', () => {
  it('reads events with the bearer token, and reconnects after the server ends the stream with Last-Event-ID', async () => {
    const answers = [streamAnswer(), streamAnswer()];
    const requests: RequestInit[] = [];
    const fetcher = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      requests.push(init!);
      return answers[requests.length - 1]!.response;
    });
    const events: [string, unknown][] = [];
    const stale = vi.fn();
    connection = connectLiveEvents({
      token: () => 'tok',
      onEvent: (name, data) => events.push([name, data]),
      onStale: stale,
      fetch: fetcher as typeof fetch,
    });
    await until(() => requests.length === 1);
    expect(fetcher.mock.calls[0]![0]).toBe('/api/v1/events');
    expect(requests[0]!.headers).toEqual({ authorization: 'Bearer tok', accept: 'text/event-stream' });
    const first = answers[0]!;
    first.push('retry: 10\n: connected\n\n');
    first.push('id: 41\nevent: notification\ndata: {"id":41}\n\n');
    first.push('event: message\ndata: {"id":7,"body":"Hi"}\n\n: heartbeat\n\n');
    first.push('event: unknown\ndata: {}\n\nevent: message\ndata: not json\n\n');
    await until(() => events.length === 2);
    expect(events).toEqual([
      ['notification', { id: 41 }],
      ['message', { id: 7, body: 'Hi' }],
    ]);
    expect(connection.mode).toBe('streaming');
    expect(stale).not.toHaveBeenCalled();
    // The server ends the stream (a drain): the client comes back after `retry`, with the last id.
    first.end();
    await until(() => requests.length === 2);
    expect(requests[1]!.headers).toMatchObject({ 'last-event-id': '41' });
    answers[1]!.push(': connected\n\n');
    // Back after a gap: what the events would have changed is read again.
    await until(() => stale.mock.calls.length === 1);
  });

  it('falls back to polling when nothing arrives (a proxy that buffers), and tries the stream again later', async () => {
    const answer = streamAnswer();
    const fetcher = vi.fn(async () => answer.response);
    const stale = vi.fn();
    connection = connectLiveEvents({
      token: () => 'tok',
      onEvent: () => undefined,
      onStale: stale,
      fetch: fetcher as typeof fetch,
      silenceMs: 40,
      pollMs: 20,
    });
    await until(() => connection!.mode === 'polling');
    await until(() => stale.mock.calls.length >= 3);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('polls while the server refuses another stream, for as long as Retry-After says', async () => {
    const refused = new Response('{"code":"too_many_streams"}', {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
    });
    const ok = streamAnswer();
    const fetcher = vi.fn().mockResolvedValueOnce(refused).mockResolvedValueOnce(ok.response);
    const stale = vi.fn();
    connection = connectLiveEvents({
      token: () => 'tok',
      onEvent: () => undefined,
      onStale: stale,
      fetch: fetcher as unknown as typeof fetch,
      pollMs: 100,
    });
    await until(() => connection!.mode === 'polling');
    expect(stale).toHaveBeenCalled();
    await until(() => fetcher.mock.calls.length === 2, 3000);
    ok.push(': connected\n\n');
    await until(() => connection!.mode === 'streaming');
  });

  it('stops when the token is refused, and when there is none', async () => {
    const fetcher = vi.fn(async () => new Response('{}', { status: 401 }));
    const unauthenticated = vi.fn();
    connection = connectLiveEvents({
      token: () => 'old',
      onEvent: () => undefined,
      onStale: () => undefined,
      onUnauthenticated: unauthenticated,
      fetch: fetcher as typeof fetch,
    });
    await until(() => connection!.mode === 'stopped');
    expect(unauthenticated).toHaveBeenCalledTimes(1);
    await tick(50);
    expect(fetcher).toHaveBeenCalledTimes(1);
    const none = vi.fn();
    connection = connectLiveEvents({
      token: () => null,
      onEvent: () => undefined,
      onStale: () => undefined,
      fetch: none,
    });
    expect(connection.mode).toBe('stopped');
    expect(none).not.toHaveBeenCalled();
  });
});
