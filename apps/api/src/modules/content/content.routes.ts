import { contentItemResourceSchema } from '@comped/shared/schemas/directory';
import { dataOf, pagedOf } from '@comped/shared/schemas/envelopes';
import { contentQuerySchema, contentUpdateSchema } from '@comped/shared/validation/directory';
import { dbId } from '@comped/shared/validation/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { csvStream } from '../../lib/csv';
import { currentUser, requireAuth } from '../../plugins/auth';
import { BRAND_MANAGERS, brandRoles } from '../brands/brands.policy';
import { assertMayUseContentLibrary } from './content.policy';
import { CONTENT_CSV_COLUMNS, contentCsvRows, listContent } from './list-content';
import { setContentFavourite } from './set-content-favourite';

const params = z.object({ id: dbId() });
const itemParams = z.object({ id: dbId(), contentId: dbId() });

/** Documents the streamed CSV body (Fastify pipes the stream without serializing it). */
const csvAnswer = {
  description: `CSV with a header row (${CONTENT_CSV_COLUMNS.join(', ')}); a cell starting with =, +, - or @ is prefixed with a quote`,
  content: { 'text/csv': { schema: z.string().meta({ description: 'CSV, UTF-8 with a byte order mark' }) } },
};

/** The brand's content library (issue 28, decisions.md round 3 "Content library"). */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['content'];

  r.get(
    '/brands/:id/content',
    {
      onRequest: [requireAuth('brands'), brandRoles(BRAND_MANAGERS)],
      schema: {
        params,
        querystring: contentQuerySchema,
        tags,
        summary: 'Every delivered post and story of the brand, newest first, with its usage rights',
        response: { 200: pagedOf(contentItemResourceSchema) },
      },
    },
    async (request) => {
      await assertMayUseContentLibrary(ctx.db, currentUser(request), request.params.id);
      return listContent(ctx.db, request.params.id, request.query);
    },
  );

  r.get(
    '/brands/:id/content.csv',
    {
      onRequest: [requireAuth('brands'), brandRoles(BRAND_MANAGERS)],
      schema: {
        params,
        querystring: contentQuerySchema,
        tags,
        summary: 'The content library as CSV (same filters), streamed',
        response: { 200: csvAnswer },
      },
    },
    async (request, reply) => {
      await assertMayUseContentLibrary(ctx.db, currentUser(request), request.params.id);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="comped-content.csv"')
        .header('cache-control', 'no-store');
      const csv = csvStream(CONTENT_CSV_COLUMNS, contentCsvRows(ctx.db, request.params.id, request.query));
      return reply.send(csv as unknown as string);
    },
  );

  r.put(
    '/brands/:id/content/:contentId',
    {
      onRequest: [requireAuth('brands'), brandRoles(BRAND_MANAGERS)],
      schema: {
        params: itemParams,
        body: contentUpdateSchema,
        tags,
        summary: 'Mark a delivered item as a favourite, or not',
        response: { 200: dataOf(contentItemResourceSchema) },
      },
    },
    async (request) => {
      await assertMayUseContentLibrary(ctx.db, currentUser(request), request.params.id);
      return {
        data: await setContentFavourite(ctx, request.params.id, request.params.contentId, request.body.favourite),
      };
    },
  );
}
