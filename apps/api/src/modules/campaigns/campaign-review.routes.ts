import { errorBodySchema } from '@comped/shared/error-codes';
import { dataOf, pagedOf } from '@comped/shared/schemas/envelopes';
import { campaignResourceSchema } from '@comped/shared/schemas/resources';
import { CAMPAIGN_STATUSES } from '@comped/shared/statuses';
import { rejectCampaignSchema } from '@comped/shared/validation/campaign-review';
import { dbId } from '@comped/shared/validation/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireAuth } from '../../plugins/auth';
import { approveCampaign } from './approve-campaign';
import { campaignPageQuerySchema } from './campaign-paging';
import { listCampaignsByStatus } from './list-campaigns-by-status';
import { sendBackCampaign } from './send-back-campaign';

const idParam = z.object({ id: dbId() });
/** The reviewed campaign; 409 when it is not (or no longer) in review. */
const reviewed = { 200: dataOf(campaignResourceSchema), 409: errorBodySchema };

/** Staff review of submitted campaigns (decisions.md, Staff API). */
export async function campaignReviewRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const staffOnly = requireAuth('staff');

  r.get(
    '/admin/campaigns',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Campaigns by status for the staff console (default review), oldest first (paged)',
        querystring: campaignPageQuerySchema.extend({
          'filter[status]': z.enum(CAMPAIGN_STATUSES).default('review'),
        }),
        response: { 200: pagedOf(campaignResourceSchema) },
      },
    },
    async (request) => listCampaignsByStatus(ctx, request.query['filter[status]'], request.query),
  );

  r.post(
    '/admin/campaigns/:id/approve',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Approve a campaign in review; mails the brand owner',
        params: idParam,
        response: reviewed,
      },
    },
    async (request) => ({ data: await approveCampaign(ctx, request.params.id) }),
  );

  r.post(
    '/admin/campaigns/:id/reject',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Send a campaign in review back to draft with a reason the brand sees; mails the brand owner',
        params: idParam,
        body: rejectCampaignSchema,
        response: reviewed,
      },
    },
    async (request) => ({ data: await sendBackCampaign(ctx, request.params.id, request.body.reason) }),
  );
}
