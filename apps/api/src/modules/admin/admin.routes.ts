import { errorBodySchema } from '@comped/shared/error-codes';
import { pageCursorQuerySchema, pageQuerySchema } from '@comped/shared/paging';
import {
  analyticsResponseSchema,
  mediaApplicationResourceSchema,
  outboxEntrySchema,
} from '@comped/shared/schemas/admin';
import { dataOf, pagedOf } from '@comped/shared/schemas/envelopes';
import { APPLICATION_STATUSES } from '@comped/shared/statuses';
import { analyticsRangeSchema, approveApplicationSchema, rejectSchema } from '@comped/shared/validation/auth';
import { dbId } from '@comped/shared/validation/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { currentUser, requireAuth } from '../../plugins/auth';
import { countAnalyticsEvents } from '../analytics/count-analytics-events';
import { approveApplication } from './approve-application';
import { listApplications } from './list-applications';
import { listOutbox } from './list-outbox';
import { rejectApplication } from './reject-application';

const idParams = z.object({ id: dbId() });

/** The staff console's calls (decisions.md, Staff API): staff tokens only, everyone else 403. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = requireAuth('staff');
  const tags = ['staff'];

  r.get(
    '/admin/applications',
    {
      schema: {
        tags,
        summary: 'Media applications by status (paged)',
        querystring: pageCursorQuerySchema.extend({
          'filter[status]': z.enum(APPLICATION_STATUSES).default('pending'),
        }),
        response: { 200: pagedOf(mediaApplicationResourceSchema) },
      },
      onRequest: staffOnly,
    },
    async (request) => listApplications(app.ctx, request.query['filter[status]'], request.query),
  );

  r.post(
    '/admin/applications/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve an application: creates the account and e-mails the credentials',
        params: idParams,
        body: approveApplicationSchema,
        // 409: the application was already reviewed.
        response: { 200: dataOf(mediaApplicationResourceSchema), 409: errorBodySchema },
      },
      onRequest: staffOnly,
    },
    async (request) => ({
      data: await approveApplication(app.ctx, request.params.id, request.body.tier, currentUser(request).id),
    }),
  );

  r.post(
    '/admin/applications/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject an application with a note e-mailed to the applicant',
        params: idParams,
        body: rejectSchema,
        // 409: the application was already reviewed.
        response: { 200: dataOf(mediaApplicationResourceSchema), 409: errorBodySchema },
      },
      onRequest: staffOnly,
    },
    async (request) => ({
      data: await rejectApplication(app.ctx, request.params.id, request.body.reason, currentUser(request).id),
    }),
  );

  r.get(
    '/admin/outbox',
    {
      schema: {
        tags,
        summary: 'Queued and sent mails, newest first (paged)',
        querystring: pageQuerySchema,
        response: { 200: pagedOf(outboxEntrySchema) },
      },
      onRequest: staffOnly,
    },
    async (request) => listOutbox(app.ctx, request.query),
  );

  r.get(
    '/admin/analytics',
    {
      schema: {
        tags,
        summary: 'Event counts per name per day',
        querystring: analyticsRangeSchema,
        response: { 200: analyticsResponseSchema },
      },
      onRequest: staffOnly,
    },
    async (request) => countAnalyticsEvents(app.ctx.db, request.query.from, request.query.to),
  );
}
