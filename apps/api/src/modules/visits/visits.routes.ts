import { MEDIA_TYPES } from '@comped/shared/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '@comped/shared/paging';
import { errorBodySchema } from '@comped/shared/error-codes';
import { dataOf, pagedOf } from '@comped/shared/schemas/envelopes';
import { bookingResourceSchema } from '@comped/shared/schemas/resources';
import { dbId } from '@comped/shared/validation/fields';
import { checkInSchema, disputeSchema, settleDisputeSchema } from '@comped/shared/validation/visits';
import { assertSelf, currentUser, requireAuth } from '../../plugins/auth';
import { assertOwnsBrand } from '../brands/brand.policy';
import { checkIn, disputeNoShow, listDisputes, settleDispute } from './visits.service';

const id = dbId();
const bookingAnswer = dataOf(bookingResourceSchema);

/** Check-in at the door, the media user's dispute of a no-show, and the staff's settlement. */
export async function visitsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.post(
    '/brands/:id/bookings/:bookingId/checkin',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Check a guest in with their 6-character code (2 h before to 12 h after the visit)',
        params: z.object({ id, bookingId: id }),
        body: checkInSchema,
        // 409 already_checked_in.
        response: { 200: bookingAnswer, 409: errorBodySchema },
      },
      onRequest: requireAuth('brands'),
    },
    async (request) => {
      const brand = await assertOwnsBrand(ctx.db, currentUser(request).id, request.params.id);
      return { data: await checkIn(ctx, brand.id, request.params.bookingId, request.body.code) };
    },
  );

  r.post(
    '/influencers/:id/bookings/:bookingId/dispute',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Dispute a no-show ("I was there") within 48 hours',
        params: z.object({ id, bookingId: id }),
        body: disputeSchema,
        // 409 already_disputed.
        response: { 200: bookingAnswer, 409: errorBodySchema },
      },
      onRequest: requireAuth(MEDIA_TYPES),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      return { data: await disputeNoShow(ctx, user.id, request.params.bookingId, request.body.note) };
    },
  );

  r.get(
    '/admin/disputes',
    {
      schema: {
        tags: ['staff'],
        summary: 'Disputed no-shows, open or settled (paged)',
        querystring: pageQuerySchema.extend({ 'filter[status]': z.enum(['open', 'settled']).default('open') }),
        response: { 200: pagedOf(bookingResourceSchema) },
      },
      onRequest: requireAuth('staff'),
    },
    async (request) => {
      const q = request.query;
      return listDisputes(ctx, { number: q['page[number]'], size: q['page[size]'] }, q['filter[status]']);
    },
  );

  r.post(
    '/admin/disputes/:bookingId/settle',
    {
      schema: {
        tags: ['staff'],
        summary: 'Settle a dispute: the no-show stands, or the booking returns to finished',
        params: z.object({ bookingId: id }),
        body: settleDisputeSchema,
        // 409 dispute_already_settled, or conflict when the media user has booked the campaign again.
        response: { 200: bookingAnswer, 409: errorBodySchema },
      },
      onRequest: requireAuth('staff'),
    },
    async (request) => ({ data: await settleDispute(ctx, request.params.bookingId, request.body.outcome) }),
  );
}
