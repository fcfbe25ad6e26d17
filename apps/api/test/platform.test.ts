import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from './test-app';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health and readiness with the database reachable', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('serves an OpenAPI 3.1 document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
  });

  it('answers unknown API paths with a 404 message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it('creates the staff account and the plan at start', async () => {
    const staff = await t.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.role, 'staff') });
    expect(staff?.email).toBe('staff@comped.test');
    const plan = await t.ctx.db.query.plans.findFirst();
    expect(plan).toMatchObject({ title: 'Brand Plan', priceCents: 14900, introPriceCents: 9900, allowedLocations: 3 });
  });

  it('has no testing clock route unless TEST_CLOCK=1', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/testing/clock', payload: { now: null } });
    expect(res.statusCode).toBe(404);
  });
});
