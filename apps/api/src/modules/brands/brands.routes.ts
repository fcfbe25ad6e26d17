import type { FastifyInstance } from 'fastify';

// Placeholder: routes of this module are added by its feature work.
export async function brandsRoutes(_app: FastifyInstance): Promise<void> {}
