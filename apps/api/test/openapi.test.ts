import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@comped/shared/error-codes';
import { createRouteDocumenter, operationIdOf, RATE_LIMITED_ROUTES } from '../src/plugins/openapi';
import { createBrandOwner, createUser } from './factories';
import type { TestBrand, TestUser } from './factories';
import { createTestApp } from './test-app';
import type { TestApp } from './test-app';

/**
 * The OpenAPI document's derived parts (plugins/openapi.ts, one onRoute hook), the error bodies
 * the reply serializer now checks against them, and the reference at /api/docs.
 */
let t: TestApp;
let owner: TestBrand;
let influencer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createBrandOwner(t.ctx);
  influencer = await createUser(t.ctx, { role: 'influencer' });
});
afterAll(async () => t.close());

interface Response {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, Response>;
}

const document = () =>
  t.app.swagger() as unknown as {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown> };
  };
const operation = (method: string, path: string): Operation => {
  const op = document().paths[path]?.[method];
  if (!op) throw new Error(`${method} ${path} is not documented`);
  return op;
};
const statuses = (op: Operation) => Object.keys(op.responses).sort();

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, served at /api/v1/openapi.json, with the Error schema its $refs point to', async () => {
    const res = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
    expect(document().components.schemas.Error).toBeTruthy();
    const refs = [...JSON.stringify(document()).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    for (const ref of new Set(refs)) expect(document().components.schemas, ref).toHaveProperty(ref);
  });

  it('gives every operation an operationId, unique across the document', () => {
    const ids = Object.values(document().paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('get', '/api/v1/brands/{id}').operationId).toBe('getBrandsById');
  });

  it('derives operationIds from method and URL', () => {
    expect(operationIdOf('GET', '/api/v1/brands/:id/bookings')).toBe('getBrandsByIdBookings');
    expect(operationIdOf('POST', '/api/v1/brands/:id/bookings/:bookingId/checkin')).toBe(
      'postBrandsByIdBookingsByBookingIdCheckin',
    );
    expect(operationIdOf('GET', '/api/v1/brands/:id/insights/bookings.csv')).toBe('getBrandsByIdInsightsBookingsCsv');
    expect(operationIdOf('PUT', '/api/v1/payment-methods')).toBe('putPaymentMethods');
  });

  it('refuses to start with two routes of one operationId', () => {
    const document = createRouteDocumenter();
    document({ method: 'GET', url: '/api/v1/a', schema: { operationId: 'same' } });
    expect(() => document({ method: 'GET', url: '/api/v1/b', schema: { operationId: 'same' } })).toThrow(
      /operationId "same" of GET \/api\/v1\/b is already used by GET \/api\/v1\/a/,
    );
  });

  it('puts bearer security on every route behind requireAuth and an explicit none on public ones', () => {
    expect(operation('get', '/api/v1/brands/{id}').security).toEqual([{ bearer: [] }]);
    expect(operation('get', '/api/v1/profile').security).toEqual([{ bearer: [] }]);
    expect(operation('post', '/api/v1/login').security).toEqual([]);
    expect(operation('post', '/api/v1/resetpassword').security).toEqual([]);
  });

  it('lists the error answers a route can give, each with the Error body', () => {
    // Behind a role, with path parameters and a body, rate limited.
    const checkIn = operation('post', '/api/v1/brands/{id}/bookings/{bookingId}/checkin');
    for (const status of ['400', '401', '403', '404', '413', '422', '429', '503']) {
      expect(checkIn.responses, status).toHaveProperty(status);
    }
    const error = checkIn.responses['401']!.content!['application/json']!.schema!;
    expect(error.$ref).toBe('#/components/schemas/Error');
    expect(checkIn.responses['401']!.description).toMatch(/unauthenticated/);

    // Public, with a body, rate limited: no 401/403, no 404 (no path parameter).
    const login = operation('post', '/api/v1/login');
    expect(login.responses).toHaveProperty('422');
    expect(login.responses).toHaveProperty('429');
    expect(login.responses).not.toHaveProperty('401');
    expect(login.responses).not.toHaveProperty('404');

    // A read without parameters or a body: no 400/404/422.
    const profile = operation('get', '/api/v1/profile');
    expect(profile.responses).toHaveProperty('401');
    expect(profile.responses).toHaveProperty('503');
    expect(profile.responses).not.toHaveProperty('400');
    expect(profile.responses).not.toHaveProperty('404');
    expect(profile.responses).not.toHaveProperty('422');
    // Its requireAuth lets a user with a forced password change in, and it limits no role: no 403.
    expect(profile.responses).not.toHaveProperty('403');
  });

  it('names only registered routes as rate limited', () => {
    for (const route of RATE_LIMITED_ROUTES) expect(t.app.registeredRoutes, route).toContain(route);
  });

  it('describes the probes with their own bodies, not the Error body', () => {
    const ready = operation('get', '/readyz');
    expect(statuses(ready)).toEqual(['200', '503']);
    const body = JSON.stringify(ready.responses['503']);
    expect(body).toContain('stopping');
    expect(body).not.toContain('#/components/schemas/Error');
    expect(statuses(operation('get', '/healthz'))).toEqual(['200']);
  });

  it('leaves the web app and the files out', () => {
    const paths = Object.keys(document().paths);
    expect(paths.filter((p) => !p.startsWith('/api/v1/') && p !== '/healthz' && p !== '/readyz')).toEqual([]);
  });
});

/**
 * The serializer validates every reply against the schema of its status, so an error body that
 * strayed from `{message, code, errors?}` would turn into a 500. These stay as they were.
 */
describe('error replies of documented routes', () => {
  const exactly = (body: unknown) => {
    const parsed = errorBodySchema.strict().safeParse(body);
    expect(parsed.success, JSON.stringify(body)).toBe(true);
    return parsed.data!;
  };

  it('401 without a token', async () => {
    const res = await t.app.inject({ url: `/api/v1/brands/${owner.brandId}` });
    expect(res.statusCode).toBe(401);
    expect(exactly(res.json())).toMatchObject({ code: 'unauthenticated' });
  });

  it('403 for another role', async () => {
    const res = await t.app.inject({ url: `/api/v1/brands/${owner.brandId}`, headers: influencer.headers });
    expect(res.statusCode).toBe(403);
    expect(exactly(res.json())).toMatchObject({ code: 'forbidden' });
  });

  it('404 for an id that names nothing, and for a path id that is not an id', async () => {
    for (const url of ['/api/v1/campaigns/987654', '/api/v1/brands/abc']) {
      const res = await t.app.inject({ url, headers: owner.headers });
      expect(res.statusCode, url).toBe(404);
      expect(exactly(res.json())).toMatchObject({ code: 'not_found' });
    }
  });

  it('422 with the field map', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(422);
    const body = exactly(res.json());
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.errors ?? {})).toContain('email');
  });

  it('400 for JSON that does not parse', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(exactly(res.json())).toMatchObject({ code: 'bad_request' });
  });

  it('404 for an unknown API path', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(exactly(res.json())).toMatchObject({ code: 'not_found' });
  });
});

describe('/api/docs', () => {
  it('serves the reference page and every script and stylesheet it loads, from this server', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('swagger-ui-bundle.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('swagger-ui.css'))).toBe(true);
    for (const asset of assets) {
      // Same origin only: the page must work offline and under `script-src 'self'`.
      expect(asset).toMatch(/^\/api\/docs\//);
      const res = await t.app.inject({ url: asset });
      expect(res.statusCode, asset).toBe(200);
    }
    // No inline script for the CSP to refuse: the initializer is a file.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const init = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain("resolveUrl('./json')");
  });

  it('loads the same document the API serves', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json' });
    const api = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(docs.json()).toEqual(api.json());
  });

  it('keeps the app-wide security headers', async () => {
    const api = await t.app.inject({ url: '/api/v1/profile' });
    for (const url of ['/api/docs', '/api/docs/static/swagger-ui-bundle.js']) {
      const res = await t.app.inject({ url });
      for (const header of [
        'content-security-policy',
        'x-frame-options',
        'x-content-type-options',
        'referrer-policy',
        'cross-origin-resource-policy',
      ]) {
        expect(res.headers[header], `${url} ${header}`).toBe(api.headers[header]);
      }
    }
  });
});
