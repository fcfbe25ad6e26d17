import type { FastifyInstance } from 'fastify';

// Placeholder: routes of this module are added by its feature work.
export async function campaignReviewRoutes(_app: FastifyInstance): Promise<void> {}
