import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from './test-app';

describe('graceful shutdown', () => {
  let t: TestApp;
  let started: () => void;
  const requestStarted = new Promise<void>((resolve) => (started = resolve));
  let release: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    // A route that stays in flight until the test lets it finish.
    t = await createTestApp(
      {},
      {
        beforeReady: (app) =>
          app.get('/slow-for-test', async () => {
            started();
            await gate;
            return { finished: true };
          }),
      },
    );
  });
  afterAll(async () => {
    await t.close().catch(() => undefined);
  });

  it('lets an in-flight request finish, refuses new connections, then closes', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const inFlight = fetch(`${base}/slow-for-test`);
    await requestStarted;
    let closed = false;
    const closing = t.app.close().then(() => {
      closed = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false); // still waiting for the request in hand
    await expect(fetch(`${base}/healthz`)).rejects.toThrow(); // no new connections

    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    // The socket ends with this response: the close does not wait for the keep-alive timeout.
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ finished: true });
    await closing;
    expect(closed).toBe(true);
  });
});
