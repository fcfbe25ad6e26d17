import { errorBodySchema } from '@comped/shared/error-codes';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import { authRequirementOf } from './auth';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart/form-data request body, for the OpenAPI document only (`withMultipartBody`):
     * Fastify never validates it, since the handler reads the parts in order as they arrive
     * (`packages/shared/src/schemas/multipart.ts`).
     */
    multipartBody?: z.ZodType;
  }
}

/** The interactive API reference (swagger-ui, served from this package's own files: works offline). */
export const DOCS_PREFIX = '/api/docs';
export const OPENAPI_JSON_URL = '/api/v1/openapi.json';

/**
 * Routes that count attempts and answer 429 with Retry-After: the anonymous writes
 * (auth/credentials.ts `limitAnonymousWrite`, with the sign-in and reset limits), a journalist's messages
 * to brands (discovery.routes.ts) and the check-in code's lockout (bookings/check-in-visit.ts). The limits
 * live in the services, not in a hook, so the routes are named here; test/openapi.test.ts fails if
 * one of these is no longer a registered route.
 */
export const RATE_LIMITED_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/v1/login',
  'POST /api/v1/registerbrand',
  'POST /api/v1/resetpassword',
  'POST /api/v1/influencers',
  'POST /api/v1/influencers/:id/contactbrand',
  'POST /api/v1/brands/:id/bookings/:bookingId/checkin',
  'POST /api/v1/conversations/:id/messages',
  // too_many_streams: the caller holds as many event streams on this node as one user may.
  'GET /api/v1/events',
]);

/** OpenAPI 3.1 generated from the same zod schemas that validate requests; the reference at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Comped API',
        version: '1.0.0',
        description:
          'The marketplace linking hospitality brands with influencers and journalists. Every error ' +
          'answers `{message, code, errors?}` (the `Error` schema); `code` is stable, the message may change.',
      },
      // Relative: the document describes the server it is served from.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token that `POST /api/v1/login` returns, as `Authorization: Bearer <token>`.',
          },
        },
      },
    },
    transform: (route) => jsonSchemaTransform(withMultipartBody(route)),
    // Puts the schemas with an id (`Error`, ...) under components.schemas, where their $refs point.
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });
  app.get(OPENAPI_JSON_URL, { schema: { hide: true } }, async () => app.swagger());
  // The page, its scripts and styles come from @fastify/swagger-ui's own folder: no CDN, and none
  // of them is inline, so the app's strict Content-Security-Policy (security-headers.ts) holds here too.
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
    // No call to validator.swagger.io: the reference works offline and sends the document nowhere.
    validatorUrl: false,
  });
}

/**
 * A route's `multipartBody` becomes its documented request body, as `multipart/form-data`: handed to
 * the document's transform as `body` (never to the route, whose validator would then demand it).
 */
function withMultipartBody<T extends { schema?: FastifySchema }>(route: T): T {
  if (!route.schema?.multipartBody) return route;
  const { multipartBody, ...schema } = route.schema;
  return { ...route, schema: { ...schema, body: multipartBody, consumes: ['multipart/form-data'] } };
}

/**
 * The zod transform lists every schema with an id twice, as read (`ErrorInput`) and as written
 * (`Error`), whether or not an operation uses it; only the ones some $ref reaches stay.
 */
function withoutUnusedSchemas<T extends object>(document: T): T {
  const components = (document as { components?: { schemas?: Record<string, unknown> } }).components;
  const schemas = components?.schemas;
  if (!schemas) return document;
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
  const used = new Set(refsIn({ ...document, components: { ...components, schemas: {} } }));
  for (const queue = [...used]; queue.length > 0;) {
    for (const name of refsIn(schemas[queue.pop()!])) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}

/** Fastify's route options as onRoute hooks receive them (the auth hooks and the OpenAPI fields). */
type RouteForDocs = Pick<RouteOptions, 'method' | 'url' | 'onRequest' | 'preValidation' | 'preHandler'> & {
  schema?: FastifySchema;
};

/** An error answer in the document and for the reply serializer: the shared `Error` body. */
function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: errorBodySchema } } };
}

const ERRORS = {
  400: errorResponse(
    'The body cannot be read: malformed JSON or a broken multipart upload (`bad_request`, `upload_unreadable`).',
  ),
  401: errorResponse('No valid bearer token: missing, revoked or expired (`unauthenticated`).'),
  403: errorResponse(
    'Signed in, but not allowed: another role, not the owner, no active subscription, or a password ' +
      'that must be changed first (`forbidden`, `subscription_required`, `password_change_required`).',
  ),
  404: errorResponse('Nothing with this id that this user may see (`not_found`).'),
  413: errorResponse('The body or an uploaded file is too large (`payload_too_large`).'),
  422: errorResponse(
    'The input breaks a rule: `errors` maps each field (dotted path) to its messages (`validation_failed` or a more specific 422 code).',
  ),
  429: errorResponse(
    'Too many attempts: retry after the `Retry-After` header (seconds) (`too_many_requests`, `check_in_locked`, `too_many_streams`).',
  ),
  503: errorResponse(
    'The database is unreachable or this node is shutting down: retry after the `Retry-After` header (seconds) (`database_unavailable`, `shutting_down`).',
  ),
} as const;

/**
 * `GET /api/v1/brands/:id/bookings` → `getBrandsByIdBookings`: the method, then each path segment
 * in PascalCase, a parameter as `By<Name>`; the `/api/v1` prefix is left out.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      if (segment === '*') return ['any'];
      if (segment.startsWith(':')) return ['by', ...splitWords(segment.slice(1))];
      return splitWords(segment);
    });
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

function splitWords(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

/**
 * The onRoute hook (app.ts) that fills in, in one place, what every documented route needs in the
 * OpenAPI document and is tedious to repeat per route:
 * - `security: [{bearer: []}]` when a requireAuth hook guards it (none on public routes), never set
 *   by the route itself (the start fails);
 * - an `operationId` from method and URL when the route sets none; a duplicate stops the start;
 * - the error answers it can give, each with the shared `Error` body, unless it declares that status:
 *   401 behind requireAuth and 403 when it limits roles or demands a changed password, 404 with path parameters, 400/413/422 with a body or an upload,
 *   422 with a querystring, 429 on RATE_LIMITED_ROUTES, 503 on every /api/ route (database away, shutdown).
 * The reply serializer validates an error against these schemas too, so an error body that strays
 * from `{message, code, errors?}` fails loudly instead of reaching a client.
 *
 * Hidden routes are left alone. So are routes outside /api/ that declare no responses (the web app's
 * index.html routes): those are hidden, since they are pages, not API.
 */
export function createRouteDocumenter(): (route: RouteForDocs) => void {
  const operationIds = new Map<string, string>();
  return (route) => {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    route.schema ??= {};
    const schema = route.schema;
    if (!route.url.startsWith('/api/') && !schema.response) schema.hide = true;
    if (schema.hide) return;

    if (!schema.operationId && methods.length === 1) schema.operationId = operationIdOf(methods[0]!, route.url);
    if (schema.operationId) {
      const where = `${methods.join(',')} ${route.url}`;
      const taken = operationIds.get(schema.operationId);
      if (taken && taken !== where) {
        throw new Error(`operationId "${schema.operationId}" of ${where} is already used by ${taken}`);
      }
      operationIds.set(schema.operationId, where);
    }

    const auth = authRequirementOf(route);
    // Derived, never written by hand, so the document cannot disagree with the hooks.
    if (schema.security) throw new Error(`${route.url}: security comes from requireAuth, not the schema`);
    // An empty list says so explicitly: anyone may call it (OpenAPI reads a missing one as "unknown").
    schema.security = auth ? [{ bearer: [] }] : [];

    const upload = !!schema.multipartBody || (schema.consumes ?? []).some((type) => type.startsWith('multipart/'));
    const hasBody = !!schema.body || upload;
    const statuses: (keyof typeof ERRORS)[] = [];
    if (hasBody) statuses.push(400);
    if (auth) statuses.push(401);
    // A role limit, or the forced password change, refuses before the handler runs.
    if (auth && (auth.roles.length > 0 || !auth.allowPendingPasswordChange)) statuses.push(403);
    if (route.url.includes(':') || schema.params) statuses.push(404);
    if (hasBody) statuses.push(413);
    if (hasBody || schema.querystring) statuses.push(422);
    if (methods.some((m) => RATE_LIMITED_ROUTES.has(`${m} ${route.url}`))) statuses.push(429);
    // Every API route reads the database, and a draining node answers 503 (plugins/lifecycle.ts);
    // the probes outside /api/ declare their own answers.
    if (route.url.startsWith('/api/')) statuses.push(503);

    const response = (schema.response ??= {}) as Record<string, unknown>;
    for (const status of statuses) {
      if (!(status in response)) response[status] = ERRORS[status];
    }
  };
}
