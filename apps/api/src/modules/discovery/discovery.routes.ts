import { errorBodySchema } from '@comped/shared/error-codes';
import type { MediaType } from '@comped/shared/roles';
import { MEDIA_TYPES } from '@comped/shared/roles';
import { dataOf, pagedOf } from '@comped/shared/schemas/envelopes';
import { contactBrandSentSchema } from '@comped/shared/schemas/media';
import { campaignResourceSchema } from '@comped/shared/schemas/resources';
import { CAMPAIGN_STATUSES } from '@comped/shared/statuses';
import { contactBrandSchema } from '@comped/shared/validation/contact-brand';
import { discoveryFilterSchema } from '@comped/shared/validation/discovery';
import { commaListSchema, dbId } from '@comped/shared/validation/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { assertSelf, currentUser, requireAuth } from '../../plugins/auth';
import { ANY_BRAND_ROLE, assertBrandRole } from '../brands/brands.policy';
import { campaignPageQuerySchema } from '../campaigns/campaign-paging';
import { contactBrand } from './contact-brand';
import { getMediaCampaign } from './get-media-campaign';
import { listBrandCampaigns } from './list-brand-campaigns';
import { listMediaCampaigns } from './list-media-campaigns';

const idParam = z.object({ id: dbId() });
const statusFilter = commaListSchema(
  z.enum(CAMPAIGN_STATUSES, { error: () => `filter[status] must be among: ${CAMPAIGN_STATUSES.join(', ')}.` }),
);

export async function discoveryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  // ---------------------------------------------------------------- brand owner: own campaigns by tab
  r.get(
    '/brands/:id/campaigns',
    {
      onRequest: requireAuth('brands'),
      schema: {
        tags: ['campaigns'],
        summary: "A brand's campaigns by tab: filter[status]=approved | review,draft | expired (paged)",
        params: idParam,
        querystring: campaignPageQuerySchema.extend({ 'filter[status]': statusFilter.optional() }),
        response: { 200: pagedOf(campaignResourceSchema) },
      },
    },
    async (request) => {
      const { brand } = await assertBrandRole(ctx.db, currentUser(request), request.params.id, ANY_BRAND_ROLE);
      return listBrandCampaigns(ctx, brand.id, request.query['filter[status]'] ?? [], request.query);
    },
  );

  // ---------------------------------------------------------------- media users: campaigns aimed at them
  const mediaRoles = requireAuth(MEDIA_TYPES);

  r.get(
    '/influencers/:id/campaigns',
    {
      onRequest: mediaRoles,
      schema: {
        tags: ['campaigns'],
        summary:
          'Approved campaigns aimed at the signed-in media user (paged, newest first); filter[q], filter[category], filter[near] + filter[miles], filter[date]',
        params: idParam,
        querystring: campaignPageQuerySchema.extend(discoveryFilterSchema.shape),
        response: { 200: pagedOf(campaignResourceSchema) },
      },
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      return listMediaCampaigns(ctx, { role: user.role as MediaType, tier: user.tier, userId: user.id }, request.query);
    },
  );

  r.get(
    '/influencers/:id/campaigns/:campaignId',
    {
      onRequest: mediaRoles,
      schema: {
        tags: ['campaigns'],
        summary: 'One campaign visible to the signed-in media user (404 when not visible)',
        params: idParam.extend({ campaignId: dbId() }),
        response: { 200: dataOf(campaignResourceSchema) },
      },
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      const viewer = { role: user.role as MediaType, tier: user.tier, userId: user.id };
      return { data: await getMediaCampaign(ctx, viewer, request.params.campaignId) };
    },
  );

  // ---------------------------------------------------------------- journalists: contact a brand
  r.post(
    '/influencers/:id/contactbrand',
    {
      onRequest: requireAuth('journalist'),
      schema: {
        tags: ['campaigns'],
        summary:
          "A journalist's message to a brand: posted in their conversation with it and e-mailed to its owner with reply-to the journalist",
        params: idParam,
        body: contactBrandSchema,
        // 409 conversation_closed: staff closed this journalist's conversation with the brand.
        response: { 201: dataOf(contactBrandSentSchema), 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, request.params.id);
      const { conversationId } = await contactBrand(ctx, user, request.body);
      return reply.code(201).send({ data: { sent: true, conversation_id: conversationId } });
    },
  );
}
