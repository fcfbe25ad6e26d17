import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from './test-app';
import { createTestApp } from './test-app';

/**
 * One wire contract (issue 10): every documented API route declares the body of its success, so
 * the document says what a client gets and the reply serializer checks each answer against it. A
 * route added without one fails here, by name. `204` (no content) counts as declared.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** `GET /api/v1/brands/{id}` for every documented operation under /api/v1. */
function apiOperations(): [string, Operation][] {
  const document = t.app.swagger() as { paths?: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths ?? {})
    .filter(([url]) => url.startsWith('/api/v1/'))
    .flatMap(([url, item]) =>
      Object.entries(item).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${url}`, op]),
    );
}

describe('response schemas', () => {
  it('documents the API routes that are registered (none is left out of the document by mistake)', () => {
    const documented = new Set(apiOperations().map(([route]) => route.replace(/\{(\w+)\}/g, ':$1')));
    expect(documented.size).toBeGreaterThan(40);
    // Every /api/v1 route is documented, except the document itself and the test-only routes.
    const undocumented = t.app.registeredRoutes.filter(
      (r) =>
        r.includes(' /api/v1/') && !documented.has(r) && r !== 'GET /api/v1/openapi.json' && !r.includes('/testing/'),
    );
    expect(undocumented, 'API routes missing from the OpenAPI document (hidden?)').toEqual([]);
  });

  it('gives every documented API route a 2xx response schema (or 204 for no content)', () => {
    const missing = apiOperations()
      .filter(([, op]) => {
        const responses = op.responses ?? {};
        if ('204' in responses) return false;
        return !Object.entries(responses).some(([status, r]) => /^2(\d\d|XX)$/.test(status) && r.content);
      })
      .map(([route]) => route);
    expect(missing, 'routes without a success response schema').toEqual([]);
  });

  it('writes every answer with the serializer compiled from its schema, none with zod alone (ADR 025)', () => {
    // A schema kept on zod (a codec, a transform, a check that rewrites the value) is allowed, but
    // named here with its reason, so that a slow answer is chosen and not stumbled into.
    expect(t.app.responsesKeptOnZod).toEqual([]);
  });
});
