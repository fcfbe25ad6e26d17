import { ERROR_CODES, errorBodySchema, isErrorCode } from '@comped/shared/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createBrandOwner, createUser, issueToken } from './factories';
import { createTestApp, type TestApp } from './test-app';

/** Every 4xx body carries a stable `code` from packages/shared (decisions.md, API conventions). */
describe('error codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  function expectError(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
    expect(res.statusCode).toBe(status);
    const body = errorBodySchema.parse(res.json());
    expect(body.code).toBe(code);
    expect(isErrorCode(body.code)).toBe(true);
    return body;
  }

  it('gives the generic code of each status where nothing more specific applies', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/profile' }), 401, 'unauthenticated');
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }), 404, 'not_found');
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expectError(badJson, 400, 'bad_request');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expectError(wrongType, 415, 'unsupported_media_type');
  });

  it('marks request validation failures validation_failed with the field map', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'x' } });
    const body = expectError(res, 422, 'validation_failed');
    expect(Object.keys(body.errors ?? {})).not.toHaveLength(0);
  });

  it('tells a brand without a plan apart from any other 403', async () => {
    const unsubscribed = await createBrandOwner(t.ctx, { subscribed: false });
    const media = await createUser(t.ctx, { role: 'influencer' });
    const create = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          name: 'Main room',
          address: '1 Main St',
          email: 'main@example.test',
          phone: '5551112222',
          contact: 'Ana Lopez',
          hours: [{ day: 'monday', start_time: '09:00', end_time: '17:30' }],
        },
      });
    expectError(await create(await issueToken(t.ctx, media.id)), 403, 'forbidden');
    expectError(await create(unsubscribed.token), 403, 'subscription_required');
  });

  it('pairs each code with one HTTP status of the error range', () => {
    for (const [code, status] of Object.entries(ERROR_CODES)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
  });
});
