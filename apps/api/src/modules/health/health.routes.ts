import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { databaseAnswers } from './check-database';

const tags = ['health'];

/** Not the shared error body: a probe answers its own `{status, message}`. */
const notReadySchema = z
  .object({
    status: z.enum(['stopping', 'unavailable']),
    message: z.string(),
  })
  .describe(
    'This node should get no traffic: it is shutting down (`stopping`) or cannot reach the database (`unavailable`).',
  );

/** Liveness and readiness probes for the load balancer and orchestrator (README, production). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/healthz',
    {
      schema: {
        tags,
        summary: 'Liveness: the process answers (checks nothing else)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  r.get(
    '/readyz',
    {
      schema: {
        tags,
        summary: 'Readiness: the node is not draining and its database answers',
        response: { 200: z.object({ status: z.literal('ready') }), 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      if (app.isDraining()) return reply.code(503).send({ status: 'stopping', message: 'This node is shutting down.' });
      if (await databaseAnswers(app.ctx.db)) return { status: 'ready' as const };
      return reply.code(503).send({ status: 'unavailable', message: 'Database unreachable.' });
    },
  );
}
