import { z } from 'zod';

/**
 * The empty answer of a 204 (deletes): `api()` reads an empty body as null. Not a shared schema (there
 * is no body to share); anything else in its place is a drifted contract too. Its own module so that
 * lib/api-client.ts, which the entry loads, does not import zod (docs/performance.md, "The front door").
 */
export const noContentSchema = z.null();
