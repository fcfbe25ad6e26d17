import { MSG } from '@comped/shared/messages';
import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { MEDIA_TYPES } from '@comped/shared/roles';
import type { MediaType } from '@comped/shared/roles';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CAMPAIGN_STATUSES } from '@comped/shared/statuses';
import type { CampaignStatus } from '@comped/shared/statuses';
import { contactBrandSchema } from '@comped/shared/validation/contact-brand';
import { discoveryFilterSchema } from '@comped/shared/validation/discovery';
import { campaigns } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { assertSelf, requireAuth } from '../../plugins/auth';
import { assertOwnsBrand } from '../brands/brand.policy';
import { serializeCampaign } from '../campaigns/campaign.serializer';
import { approvedButPast, campaignToday, withEffectiveStatus } from '../campaigns/campaign-expiry';
import { visibleToMedia } from '../campaigns/campaign-visibility';
import { campaignPageQuerySchema, pagedCampaigns, pagedVisibleCampaigns } from '../campaigns/campaign-paging';
import { contactBrand } from './contact-brand.service';
import { dbId } from '@comped/shared/validation/fields';
import { dataOf, pagedOf } from '@comped/shared/schemas/envelopes';
import { contactBrandSentSchema } from '@comped/shared/schemas/media';
import { campaignResourceSchema } from '@comped/shared/schemas/resources';
import { discoveryCondition } from './discovery-filters';

export { CONTACT_LIMIT, CONTACT_WINDOW_MS } from './contact-brand.service';

const idParam = z.object({ id: dbId() });
const statusFilter = z
  .string()
  .trim()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.enum(CAMPAIGN_STATUSES, { error: () => `filter[status] must be among: ${CAMPAIGN_STATUSES.join(', ')}.` }),
    ),
  );

/** A brand's tab as SQL, with expiry applied on read (an approved campaign past its day is expired). */
function brandStatusCondition(statuses: CampaignStatus[], today: string): SQL | undefined {
  if (statuses.length === 0) return undefined;
  const parts: (SQL | undefined)[] = [];
  const plain = statuses.filter((s): s is 'draft' | 'review' => s === 'draft' || s === 'review');
  if (plain.length) parts.push(inArray(campaigns.status, plain));
  if (statuses.includes('approved')) {
    parts.push(and(eq(campaigns.status, 'approved'), or(isNull(campaigns.expiresOn), gte(campaigns.expiresOn, today))));
  }
  if (statuses.includes('expired')) parts.push(or(eq(campaigns.status, 'expired'), approvedButPast(today)));
  return or(...parts);
}

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
      const user = request.authUser!;
      await assertOwnsBrand(ctx.db, user.id, request.params.id);
      const today = campaignToday(ctx);
      const where = and(
        eq(campaigns.brandId, request.params.id),
        isNull(campaigns.deletedAt),
        brandStatusCondition(request.query['filter[status]'] ?? [], today),
      );
      return pagedCampaigns(ctx.db, where, request.query, { today });
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
      const today = campaignToday(ctx);
      const viewer = { role: user.role as MediaType, tier: user.tier };
      // The filters only narrow the one visibility rule (the audience rows stay the source of truth).
      const filter = await discoveryCondition(ctx.db, request.query, visibleToMedia(viewer, today), {
        now: ctx.clock.now(),
        today,
      });
      return pagedVisibleCampaigns(ctx.db, viewer, request.query, { today, filter });
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
      const today = campaignToday(ctx);
      const [row] = await ctx.db
        .select()
        .from(campaigns)
        .where(
          and(
            eq(campaigns.id, request.params.campaignId),
            visibleToMedia({ role: user.role as MediaType, tier: user.tier }, today),
          ),
        )
        .limit(1);
      if (!row) throw appError('not_found', { message: MSG.campaignNotFound });
      return { data: await serializeCampaign(ctx.db, withEffectiveStatus(row, today)) };
    },
  );

  // ---------------------------------------------------------------- journalists: contact a brand
  r.post(
    '/influencers/:id/contactbrand',
    {
      onRequest: requireAuth('journalist'),
      schema: {
        tags: ['campaigns'],
        summary: "A journalist's message to a brand, e-mailed to its owner with reply-to the journalist",
        params: idParam,
        body: contactBrandSchema,
        response: { 201: dataOf(contactBrandSentSchema) },
      },
    },
    async (request, reply) => {
      const user = assertSelf(request, request.params.id);
      await contactBrand(ctx, user, request.body);
      return reply.code(201).send({ data: { sent: true } });
    },
  );
}
