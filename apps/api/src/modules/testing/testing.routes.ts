import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Registered only when the server starts with TEST_CLOCK=1 (never in production). */
export async function testingRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .put(
      '/testing/clock',
      { schema: { hide: true, body: z.object({ now: z.iso.datetime({ offset: true }).nullable() }) } },
      async (request) => {
        app.ctx.clock.set(request.body.now ? new Date(request.body.now) : null);
        // Jobs that depend on time (finishing visits, expiry) run right away at the new time.
        await app.ctx.jobs.runDue();
        return { now: app.ctx.clock.now().toISOString() };
      },
    );
}
