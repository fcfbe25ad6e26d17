import { dataOf } from '@comped/shared/schemas/envelopes';
import { healthReportSchema } from '@comped/shared/schemas/slots';
import { healthQuerySchema } from '@comped/shared/validation/slots';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { csvStream } from '../../lib/csv';
import { requireAuth } from '../../plugins/auth';
import { HEALTH_CSV_COLUMNS, healthRange, showMarketplaceHealth } from './show-marketplace-health';

const csvAnswer = {
  description: 'CSV with a header row (the week figures), one row per week',
  content: { 'text/csv': { schema: z.string().meta({ description: 'CSV, UTF-8 with a byte order mark' }) } },
};

/** The staff's view of the marketplace, week by week (issue 30, decisions.md "Staff: marketplace health"). */
export async function marketplaceHealthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['staff'];

  r.get(
    '/admin/health',
    {
      schema: {
        tags,
        summary: 'Marketplace health per week (default: the last 12 weeks; at most 53)',
        querystring: healthQuerySchema,
        response: { 200: dataOf(healthReportSchema) },
      },
      onRequest: requireAuth('staff'),
    },
    async (request) => {
      return { data: await showMarketplaceHealth(ctx, healthRange(ctx, request.query)) };
    },
  );

  r.get(
    '/admin/health.csv',
    {
      schema: {
        tags,
        summary: 'Marketplace health per week as CSV',
        querystring: healthQuerySchema,
        response: { 200: csvAnswer },
      },
      onRequest: requireAuth('staff'),
    },
    async (request, reply) => {
      const range = healthRange(ctx, request.query);
      const report = await showMarketplaceHealth(ctx, range);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="comped-health-${range.from}-to-${range.to}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(csvStream(HEALTH_CSV_COLUMNS, report.weeks) as unknown as string);
    },
  );
}
