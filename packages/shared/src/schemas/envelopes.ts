/**
 * The envelopes every answer of the API comes in (decisions.md, API conventions), as zod schemas
 * built around a resource schema, so a route declares `response: { 200: dataOf(bookingResourceSchema) }`
 * and the web app parses with the same object. A single resource and a paged list are different
 * shapes; having one helper for each keeps a client from reading `{data, meta}` as an array (the
 * /plans crash).
 */
import { z } from 'zod';

import { errorBodySchema } from '../error-codes';
import { pageMetaSchema } from '../paging';

/** `{ data: <resource> }`: one resource, or an unpaged list with `dataOf(z.array(schema))`. */
export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/**
 * `{ data: [<resource>...], meta: {current_page, last_page, per_page, total} }`: a paged list, as
 * `pageMeta()` of apps/api/src/lib/paging.ts builds it. The API sends no `links`, so there are none.
 */
export function pagedOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: z.array(schema), meta: pageMetaSchema });
}

/** `{ message }` alone: answers that must not say more, such as `POST resetpassword` (no enumeration). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * Every error status answers the shared error body (error-codes.ts, not redefined here): spread into
 * a route's `response` next to its success schema. Fastify matches `4xx`/`5xx` to any status of the
 * class.
 */
export const errorResponses = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;
