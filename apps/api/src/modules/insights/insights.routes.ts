import { INSIGHTS_DEFAULT_DAYS } from '@comped/shared/insights-days';
import {
  INSIGHTS_CSV_COLUMNS,
  insightsQuerySchema,
  insightsResponseSchema,
  rangeStart,
} from '@comped/shared/schemas/insights';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { dateInZone } from '../../lib/clock';
import { csvStream } from '../../lib/csv';
import { currentUser, requireAuth } from '../../plugins/auth';
import { ANY_BRAND_ROLE, assertBrandRole } from '../brands/brands.policy';
import { insightsCsvRows } from './export-insights-csv';
import { brandInsights } from './show-brand-insights';

const params = z.object({ id: z.coerce.number().int().min(1) });

/**
 * The CSV export as OpenAPI describes it: a `text/csv` body. The handler sends a stream, which
 * Fastify pipes as it is (a stream never reaches the zod serializer), so this schema documents the
 * body and types nothing that is checked at run time.
 */
const csvAnswer = {
  description:
    'CSV with a header row (INSIGHTS_CSV_COLUMNS), one row per booking; a cell starting with =, +, - or @ is prefixed with a quote',
  content: { 'text/csv': { schema: z.string().meta({ description: 'CSV, UTF-8 with a byte order mark' }) } },
};

/** Brand insights and their CSV export: the brand's owner only (another brand's id is 403). */
export async function insightsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['insights'];

  /** `to` defaults to today (the server's zone), `from` to 90 days ending on `to`. */
  function resolveRange(q: { from?: string; to?: string }) {
    const to = q.to ?? dateInZone(ctx.clock.now(), ctx.config.tzDefault);
    const from = q.from ?? rangeStart(to, INSIGHTS_DEFAULT_DAYS);
    return { from, to: to < from ? from : to };
  }

  r.get(
    '/brands/:id/insights',
    {
      onRequest: requireAuth('brands'),
      schema: {
        tags,
        summary:
          'What the comps bought: figures per campaign and in total, bookings per week, comps and posts per month',
        params,
        querystring: insightsQuerySchema,
        response: { 200: insightsResponseSchema },
      },
    },
    async (request) => {
      await assertBrandRole(ctx.db, currentUser(request), request.params.id, ANY_BRAND_ROLE);
      return { data: await brandInsights(ctx.db, request.params.id, resolveRange(request.query), ctx.clock.now()) };
    },
  );

  r.get(
    '/brands/:id/insights/bookings.csv',
    {
      onRequest: requireAuth('brands'),
      schema: {
        tags,
        summary: 'The bookings behind the insights as CSV, one row per booking (streamed)',
        params,
        querystring: insightsQuerySchema,
        response: { 200: csvAnswer },
      },
    },
    async (request, reply) => {
      await assertBrandRole(ctx.db, currentUser(request), request.params.id, ANY_BRAND_ROLE);
      const range = resolveRange(request.query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="comped-bookings-${range.from}-to-${range.to}.csv"`)
        .header('cache-control', 'no-store');
      const csv = csvStream(INSIGHTS_CSV_COLUMNS, insightsCsvRows(ctx.db, request.params.id, range, ctx.clock.now()));
      // Typed as the documented string body; Fastify streams it without serializing.
      return reply.send(csv as unknown as string);
    },
  );
}
