import { errorBodySchema } from '@comped/shared/error-codes';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Part } from '../src/modules/brands/upload-fixtures';
import { multipart, pdfFile, pngImage } from '../src/modules/brands/upload-fixtures';
import { assertAuthOnRequest, requireAuth } from '../src/plugins/auth';
import { createRouteDocumenter, operationIdOf, RATE_LIMITED_ROUTES } from '../src/plugins/openapi';
import { insertLocation } from './campaign-fixtures';
import type { TestBrand, TestUser } from './factories';
import { createBrandOwner, createUser } from './factories';
import type { TestApp } from './test-app';
import { createTestApp } from './test-app';

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
interface PartSchema {
  type?: string;
  format?: string;
  contentMediaType?: string;
  contentSchema?: { type?: string };
  items?: PartSchema;
}
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: { properties: Record<string, PartSchema>; required?: string[] } }>;
  };
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

  it('derives security only from requireAuth in onRequest: a hand-written one, or auth in a later phase, stops the start', () => {
    const document = createRouteDocumenter();
    expect(() => document({ method: 'GET', url: '/api/v1/by-hand', schema: { security: [{ bearer: [] }] } })).toThrow(
      /security comes from requireAuth/,
    );
    for (const phase of ['preHandler', 'preValidation'] as const) {
      expect(() => assertAuthOnRequest({ url: '/api/v1/late', [phase]: requireAuth('brands') })).toThrow(
        `/api/v1/late: requireAuth goes in onRequest, not ${phase}`,
      );
    }
    expect(() => assertAuthOnRequest({ url: '/api/v1/early', preHandler: async () => undefined })).not.toThrow();
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
 * The upload operations read their multipart parts in order, so Fastify validates no body there; the
 * document still describes each body (`multipartBody`), so that a client generator or a fuzzer can
 * call them. The second test is such a client: it builds each request from the documented parts only.
 */
describe('the multipart request bodies', () => {
  const UPLOADS = {
    logo: ['post', '/api/v1/brands/{id}/logo'],
    menu: ['post', '/api/v1/brands/{id}/menu'],
    photos: ['post', '/api/v1/photos'],
    picture: ['post', '/api/v1/influencers/{id}/picture'],
    campaignCreate: ['post', '/api/v1/campaigns'],
    campaignUpdate: ['post', '/api/v1/campaigns/{id}'],
  } as const;
  const body = (name: keyof typeof UPLOADS) => {
    const [method, path] = UPLOADS[name];
    const op = operation(method, path);
    expect(op.requestBody?.required, name).toBe(true);
    expect(Object.keys(op.requestBody!.content), name).toEqual(['multipart/form-data']);
    return op.requestBody!.content['multipart/form-data']!.schema;
  };
  const isFile = (s: PartSchema | undefined) => s?.type === 'string' && s.format === 'binary';

  it('names every part of the five uploads and the profile picture, files as binary', () => {
    for (const name of ['logo', 'picture'] as const) {
      expect(Object.keys(body(name).properties), name).toEqual(['file']);
      expect(body(name).required).toEqual(['file']);
    }
    expect(Object.keys(body('menu').properties)).toEqual(['name', 'file']);
    expect(body('menu').required).toEqual(['name', 'file']);
    // The brand first: the route checks it before it reads the file.
    expect(Object.keys(body('photos').properties)).toEqual(['brand_id', 'file']);
    for (const name of ['logo', 'picture', 'menu', 'photos'] as const)
      expect(isFile(body(name).properties.file)).toBe(true);

    // decisions.md "Campaign multipart": scalars as plain parts, nested values as JSON text, photos as
    // featured_photos[] file parts.
    const scalars = [
      'name',
      'description',
      'brand_id',
      'launch_date',
      'event_date',
      'opening_date',
      'end_date',
      'from_time',
      'to_time',
      'step',
    ];
    const json = [
      'booking',
      'influencer_instructions',
      'key_players',
      'locations',
      'target',
      'tier_range_influencer',
      'tier_range_journalist',
    ];
    const create = body('campaignCreate');
    const update = body('campaignUpdate');
    for (const [name, schema] of [
      ['create', create],
      ['update', update],
    ] as const) {
      const parts = Object.keys(schema.properties);
      expect(parts, name).toEqual(expect.arrayContaining([...scalars, ...json, 'featured_photos[]']));
      for (const part of json) {
        expect(schema.properties[part], `${name} ${part}`).toMatchObject({
          type: 'string',
          contentMediaType: 'application/json',
        });
        expect(schema.properties[part]!.contentSchema?.type, `${name} ${part}`).toMatch(/^(object|array)$/);
      }
      expect(schema.properties['featured_photos[]']!.type).toBe('array');
      expect(isFile(schema.properties['featured_photos[]']!.items)).toBe(true);
    }
    expect(create.properties.category_id).toMatchObject({ enum: [4, 5, 6] });
    expect(create.required).toEqual(expect.arrayContaining(['category_id', 'name', 'description']));
    expect(update.properties).not.toHaveProperty('category_id');
    expect(update.properties.status).toMatchObject({ enum: ['draft', 'review'] });
  });

  it('is enough to call each upload: parts named as documented, JSON parts sent as application/json', async () => {
    const brand = await createBrandOwner(t.ctx, { name: 'Documented Diner' });
    const location = await insertLocation(t.ctx, brand.brandId);
    const media = await createUser(t.ctx, { role: 'influencer' });
    const png = await pngImage(320, 200);
    /** A part as a generator would write it from the schema: files as files, JSON text typed as JSON. */
    const partsFor = (name: keyof typeof UPLOADS, values: Record<string, unknown>): Part[] => {
      const { properties } = body(name);
      return Object.entries(values).flatMap(([part, value]): Part[] => {
        const schema = properties[part];
        if (!schema) throw new Error(`${name}: the document has no part "${part}"`);
        if (isFile(schema) || isFile(schema.items)) {
          const file = value as { bytes: Buffer; type: string; filename: string };
          return [{ name: part, value: file.bytes, filename: file.filename, contentType: file.type }];
        }
        if (schema.contentMediaType === 'application/json') {
          return [{ name: part, value: JSON.stringify(value), contentType: 'application/json' }];
        }
        return [{ name: part, value: String(value) }];
      });
    };
    const call = (
      name: keyof typeof UPLOADS,
      url: string,
      who: { headers: Record<string, string> },
      values: Record<string, unknown>,
    ) => {
      const form = multipart(partsFor(name, values));
      return t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...form.headers }, payload: form.payload });
    };
    const image = { bytes: png, type: 'image/png', filename: 'image.png' };

    const logo = await call('logo', `/api/v1/brands/${brand.brandId}/logo`, brand, { file: image });
    expect(logo.statusCode, logo.body).toBe(200);
    const menu = await call('menu', `/api/v1/brands/${brand.brandId}/menu`, brand, {
      name: 'Dinner',
      file: { bytes: pdfFile(), type: 'application/pdf', filename: 'dinner.pdf' },
    });
    expect(menu.statusCode, menu.body).toBe(201);
    const photo = await call('photos', '/api/v1/photos', brand, { brand_id: brand.brandId, file: image });
    expect(photo.statusCode, photo.body).toBe(201);
    const picture = await call('picture', `/api/v1/influencers/${media.id}/picture`, media, { file: image });
    expect(picture.statusCode, picture.body).toBe(200);

    const created = await call('campaignCreate', '/api/v1/campaigns', brand, {
      category_id: 4,
      name: 'Documented dinner',
      description: 'Built from the OpenAPI document.',
      launch_date: '2030-04-01',
      locations: [location.id],
      target: ['influencer'],
      booking: { compensation: 50, max_bookings_per_week: 3 },
      'featured_photos[]': image,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json().data as CampaignResource;
    expect(campaign.locations.map((l) => l.id)).toEqual([location.id]);
    expect(campaign.type.booking?.compensation).toBe(50);
    const updated = await call('campaignUpdate', `/api/v1/campaigns/${campaign.id}`, brand, {
      name: 'Documented dinner, updated',
      influencer_instructions: { posts_required: 2, hashtags: ['documented'] },
      step: 2,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Documented dinner, updated',
      influencer_instructions: { posts_required: 2, hashtags: ['documented'] },
    });
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
