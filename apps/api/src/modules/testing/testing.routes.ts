import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { enqueuePush } from '../push/push-message';
import { holdConnection } from './hold-connection';

/** Registered only when the server starts with TEST_CLOCK=1 (never in production). */
export async function testingRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/testing/clock',
    {
      schema: {
        hide: true,
        body: z.object({ now: z.iso.datetime({ offset: true }).nullable() }),
        response: { 200: z.object({ now: z.iso.datetime() }) },
      },
    },
    async (request) => {
      app.ctx.clock.set(request.body.now ? new Date(request.body.now) : null);
      // Jobs that depend on time (finishing visits, expiry) run right away at the new time.
      await app.ctx.jobs.runDue();
      return { now: app.ctx.clock.now().toISOString() };
    },
  );

  // A notification pushed to a user's browsers now, as the notifications module will push each one
  // (issue 26): the end-to-end push test sends one through a local push service stand-in.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/testing/push',
    {
      schema: {
        hide: true,
        body: z.object({
          user_id: z.number().int().positive(),
          notification_id: z.number().int().positive(),
          title: z.string().min(1),
          body: z.string(),
          link: z.string(),
        }),
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      const b = request.body;
      await enqueuePush(app.ctx.db, {
        userId: b.user_id,
        notificationId: b.notification_id,
        title: b.title,
        body: b.body,
        link: b.link,
      });
      await app.ctx.jobs.runDue();
      return reply.code(204).send();
    },
  );

  // A request that stays in flight for a while and holds a database connection: the fault suite
  // sends one before SIGTERM to see it finish.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/testing/sleep',
    {
      schema: {
        hide: true,
        querystring: z.object({ ms: z.coerce.number().int().min(0).max(10_000) }),
        response: { 200: z.object({ slept: z.number().int() }) },
      },
    },
    async (request) => {
      await holdConnection(app.ctx.db, request.query.ms);
      return { slept: request.query.ms };
    },
  );
}
