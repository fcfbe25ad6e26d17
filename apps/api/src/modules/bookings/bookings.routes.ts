import { errorBodySchema } from '@comped/shared/error-codes';
import { pageQuerySchema } from '@comped/shared/paging';
import { MEDIA_TYPES } from '@comped/shared/roles';
import { weekAvailabilitySchema } from '@comped/shared/schemas/admin';
import { dataOf, pagedOf } from '@comped/shared/schemas/envelopes';
import { bookingResourceSchema } from '@comped/shared/schemas/resources';
import {
  availableHoursSchema,
  bookingRequestSchema,
  brandBookingUpdateSchema,
  mediaBookingUpdateSchema,
  rateInfluencerSchema,
  statusFilterSchema,
} from '@comped/shared/validation/booking';
import { dbId } from '@comped/shared/validation/fields';
import { bookingSortSchema, checkInSchema, disputeSchema, settleDisputeSchema } from '@comped/shared/validation/visits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { assertSelf, currentUser, requireAuth } from '../../plugins/auth';
import { answerBooking } from './answer-booking';
import { brandActorOf } from './bookings.policy';
import { cancelBooking } from './cancel-booking';
import { checkInVisit } from './check-in-visit';
import { disputeNoShow } from './dispute-no-show';
import { listAvailableHours } from './list-available-hours';
import { listBookings } from './list-bookings';
import { listDisputes } from './list-disputes';
import { markNoShow } from './mark-no-show';
import { rateInfluencer } from './rate-influencer';
import { requestBooking } from './request-booking';
import { settleDispute } from './settle-dispute';

const MEDIA = MEDIA_TYPES;
const id = dbId();
const listQuery = pageQuerySchema.extend({ 'filter[status]': statusFilterSchema });
const brandListQuery = listQuery.extend({ sort: bookingSortSchema });
const oneBooking = dataOf(bookingResourceSchema);
const bookingPage = pagedOf(bookingResourceSchema);

/**
 * The booking aggregate's routes: requests and their answers, lists, check-in, no-shows and their
 * disputes, ratings. Each handler checks who asks (requireAuth, the brand policy) and calls one use case.
 */
export async function bookingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.post(
    '/influencers/:id/campaigns/:campaignId/availablehours',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Available half-hour slots of a campaign location for the Monday-Sunday week holding a date',
        params: z.object({ id, campaignId: id }),
        body: availableHoursSchema,
        response: { 200: dataOf(weekAvailabilitySchema) },
      },
      onRequest: requireAuth([...MEDIA]),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      return { data: await listAvailableHours(ctx, user.id, request.params.campaignId, request.body) };
    },
  );

  r.post(
    '/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Request a visit (media users)',
        body: bookingRequestSchema,
        response: { 201: oneBooking },
      },
      onRequest: requireAuth([...MEDIA]),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await requestBooking(ctx, user, request.body);
      return reply.code(201).send({ data });
    },
  );

  r.get(
    '/influencers/:id/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: "A media user's bookings",
        params: z.object({ id }),
        querystring: listQuery,
        response: { 200: bookingPage },
      },
      onRequest: requireAuth([...MEDIA]),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      const q = request.query;
      return listBookings(
        ctx,
        { userId: user.id },
        { number: q['page[number]'], size: q['page[size]'] },
        q['filter[status]'],
        'media',
      );
    },
  );

  r.get(
    '/brands/:id/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: "A brand's bookings (`sort=reliability` or `-reliability` orders by the media user's score)",
        params: z.object({ id }),
        querystring: brandListQuery,
        response: { 200: bookingPage },
      },
      onRequest: requireAuth('brands'),
    },
    async (request) => {
      const actor = await brandActorOf(ctx.db, currentUser(request), request.params.id);
      const q = request.query;
      return listBookings(
        ctx,
        { brandId: actor.brandId, locationIds: actor.locationIds },
        { number: q['page[number]'], size: q['page[size]'] },
        q['filter[status]'],
        'brand',
        q.sort,
      );
    },
  );

  r.put(
    '/brands/:id/bookings/:bookingId',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Accept or decline a pending booking, or mark an accepted one as a no-show',
        params: z.object({ id, bookingId: id }),
        body: brandBookingUpdateSchema,
        // 409: the booking was answered meanwhile, or a newer booking keeps the no-show from being undone.
        response: { 200: oneBooking, 409: errorBodySchema },
      },
      onRequest: requireAuth('brands'),
    },
    async (request) => {
      const actor = await brandActorOf(ctx.db, currentUser(request), request.params.id);
      const status = request.body.status;
      if (status === 'no_show') return { data: await markNoShow(ctx, actor, request.params.bookingId) };
      return { data: await answerBooking(ctx, actor, request.params.bookingId, status) };
    },
  );

  r.put(
    '/influencers/:id/bookings/:bookingId',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Cancel an own pending or accepted booking (outside the 24-hour window)',
        params: z.object({ id, bookingId: id }),
        body: mediaBookingUpdateSchema,
        // 409: the booking was answered meanwhile.
        response: { 200: oneBooking, 409: errorBodySchema },
      },
      onRequest: requireAuth([...MEDIA]),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      return { data: await cancelBooking(ctx, user.id, request.params.bookingId) };
    },
  );

  r.post(
    '/bookings/:id/rate_influencer',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Rate the media user after the visit (once)',
        params: z.object({ id }),
        body: rateInfluencerSchema,
        response: { 200: oneBooking },
      },
      onRequest: requireAuth('brands'),
    },
    async (request) => {
      const actor = await brandActorOf(ctx.db, currentUser(request));
      return { data: await rateInfluencer(ctx, actor, request.params.id, request.body) };
    },
  );

  // Check-in at the door, the media user's dispute of a no-show, and the staff's settlement.
  r.post(
    '/brands/:id/bookings/:bookingId/checkin',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Check a guest in with their 6-character code (2 h before to 12 h after the visit)',
        params: z.object({ id, bookingId: id }),
        body: checkInSchema,
        // 409 already_checked_in.
        response: { 200: oneBooking, 409: errorBodySchema },
      },
      onRequest: requireAuth('brands'),
    },
    async (request) => {
      const actor = await brandActorOf(ctx.db, currentUser(request), request.params.id);
      return { data: await checkInVisit(ctx, actor, request.params.bookingId, request.body.code) };
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
        response: { 200: oneBooking, 409: errorBodySchema },
      },
      onRequest: requireAuth([...MEDIA]),
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
        response: { 200: bookingPage },
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
        response: { 200: oneBooking, 409: errorBodySchema },
      },
      onRequest: requireAuth('staff'),
    },
    async (request) => ({ data: await settleDispute(ctx, request.params.bookingId, request.body.outcome) }),
  );
}
