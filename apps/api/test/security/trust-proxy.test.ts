import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../../src/config';
import { createUser } from '../factories';
import { createTestApp, type TestApp } from '../test-app';

/**
 * TRUST_PROXY (issue 11): behind a proxy, `request.ip` must be the client's address, or every
 * client shares the proxy's rate limits; without it, X-Forwarded-For is anyone's to forge.
 */
describe('TRUST_PROXY configuration', () => {
  const trustProxy = (value: string | undefined) =>
    loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

  it('accepts unset/false, true, a hop count, or a comma list of addresses and CIDRs', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.0/8, 127.0.0.1,::1, fd00::/8')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
  });

  it('refuses anything else at start', () => {
    for (const bad of ['yes', '-1', '10.0.0.0/33', 'proxy.internal', '10.0.0.1,,', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

/** Five free wrong passwords per (e-mail, address), then 429: the address is whatever request.ip says. */
async function failsUntilThrottled(t: TestApp, forwardedFor: string, otherClientAnswer: 422 | 429): Promise<void> {
  const u = await createUser(t.ctx, { role: 'brands' });
  t.clock.freeze(new Date('2026-07-01T10:00:00Z'));
  const login = (xff: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: u.email, password: 'wrong' },
      headers: { 'x-forwarded-for': xff },
      remoteAddress: '10.0.0.1',
    });
  for (let i = 0; i < 6; i++) expect((await login(forwardedFor)).statusCode).toBe(422);
  expect((await login(forwardedFor)).statusCode).toBe(429);
  // The same proxy, another client: throttled only when the forwarded address is ignored.
  expect((await login('198.51.100.9')).statusCode).toBe(otherClientAnswer);
}

describe('with TRUST_PROXY=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the client address from X-Forwarded-For, so it decides the rate-limit key', async () => {
    await failsUntilThrottled(t, '203.0.113.7', 422);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('ignores X-Forwarded-For: the socket address decides the rate-limit key', async () => {
    await failsUntilThrottled(t, '203.0.113.7', 429);
  });
});
