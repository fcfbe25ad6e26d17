import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignExpiresOn } from '@comped/shared/campaign-kinds';
import { CAMPAIGN_STATUSES } from '@comped/shared/statuses';
import { rejectCampaignSchema } from '@comped/shared/validation/campaign-review';
import type { Tx } from '../../db/client';
import { brands, campaigns, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/auth';
import { campaignPageQuerySchema, pagedCampaigns } from './campaign-paging';
import { queueMail } from '../mail/mail.service';
import { campaignToday } from './campaign-expiry';
import { campaignApprovedMail, campaignSentBackMail } from './campaign-review.mails';
import { serializeCampaign } from './campaign.serializer';
import { MSG } from '@comped/shared/messages';
import { dbId } from '@comped/shared/validation/fields';
import { errorBodySchema } from '@comped/shared/error-codes';
import { dataOf, pagedOf } from '@comped/shared/schemas/envelopes';
import { campaignResourceSchema } from '@comped/shared/schemas/resources';

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
    async (request) => {
      const today = campaignToday(ctx);
      const status = request.query['filter[status]'];
      const where = and(eq(campaigns.status, status), isNull(campaigns.deletedAt));
      // The review queue is first come, first served; its total is the status's counter row.
      return pagedCampaigns(ctx.db, where, request.query, { today, order: 'oldest', queue: status });
    },
  );

  /** Locks the campaign, checks it is in review, and gives the brand owner for the mail. */
  async function lockForReview(tx: Tx, id: number) {
    const [row] = await tx
      .select({ campaign: campaigns, brandName: brands.name, ownerName: users.name, ownerEmail: users.email })
      .from(campaigns)
      .innerJoin(brands, eq(brands.id, campaigns.brandId))
      .innerJoin(users, eq(users.id, brands.ownerId))
      .where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt)))
      .for('update', { of: campaigns })
      .limit(1);
    if (!row) throw appError('not_found', { message: MSG.campaignNotFound });
    if (row.campaign.status !== 'review') throw appError('campaign_not_in_review');
    return row;
  }

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
    async (request) => {
      const now = ctx.clock.now();
      const today = campaignToday(ctx);
      const updated = await ctx.db.transaction(async (tx) => {
        const { campaign, brandName, ownerName, ownerEmail } = await lockForReview(tx, request.params.id);
        const expiresOn = campaignExpiresOn({
          end_date: campaign.endDate,
          event_date: campaign.eventDate,
          launch_date: campaign.launchDate,
          opening_date: campaign.openingDate,
        });
        if (!expiresOn) throw appError('campaign_has_no_dates');
        if (expiresOn < today) throw appError('campaign_already_ended');
        const [row] = await tx
          .update(campaigns)
          .set({ status: 'approved', approvedAt: now, expiresOn, reviewReason: null, updatedAt: now })
          .where(eq(campaigns.id, campaign.id))
          .returning();
        const mail = campaignApprovedMail({
          ownerName,
          brandName,
          campaignName: campaign.name,
          campaignId: campaign.id,
          publicUrl: ctx.config.publicUrl,
        });
        await queueMail(tx, { to: ownerEmail, ...mail });
        return row!;
      });
      return { data: await serializeCampaign(ctx.db, updated) };
    },
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
    async (request) => {
      const now = ctx.clock.now();
      const { reason } = request.body;
      const updated = await ctx.db.transaction(async (tx) => {
        const { campaign, brandName, ownerName, ownerEmail } = await lockForReview(tx, request.params.id);
        const [row] = await tx
          .update(campaigns)
          .set({ status: 'draft', reviewReason: reason, updatedAt: now })
          .where(eq(campaigns.id, campaign.id))
          .returning();
        const mail = campaignSentBackMail({
          ownerName,
          brandName,
          campaignName: campaign.name,
          campaignId: campaign.id,
          publicUrl: ctx.config.publicUrl,
          reason,
        });
        await queueMail(tx, { to: ownerEmail, ...mail });
        return row!;
      });
      return { data: await serializeCampaign(ctx.db, updated) };
    },
  );
}
