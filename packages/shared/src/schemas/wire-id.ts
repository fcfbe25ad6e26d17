import { z } from 'zod';

/**
 * Every id on the wire: database identities are integers (spec section 7). One schema for all the
 * response schemas: zod schemas never change once built, and each one built is start-up work in
 * the web app, which builds every response schema before its first paint.
 */
export const wireIdSchema = z.int();
