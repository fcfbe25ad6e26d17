import type { FastifyInstance } from 'fastify';
import { MEDIA_TYPES } from '@comped/shared/roles';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '@comped/shared/paging';
import {
  availableHoursSchema,
  bookingRequestSchema,
  brandBookingUpdateSchema,
  mediaBookingUpdateSchema,
  rateInfluencerSchema,
  statusFilterSchema,
} from '@comped/shared/validation/booking';
import { assertSelf, currentUser, requireAuth } from '../../plugins/auth';
import { assertOwnsBrand } from '../brands/brand.policy';
import { markNoShow } from '../visits/visits.service';
import { bookingSortSchema } from '@comped/shared/validation/visits';
import {
  availableHours,
  brandAnswer,
  createBooking,
  listBookings,
  mediaCancel,
  rateInfluencer,
} from './bookings.service';
import { dbId } from '@comped/shared/validation/fields';
import { errorBodySchema } from '@comped/shared/error-codes';
import { weekAvailabilitySchema } from '@comped/shared/schemas/admin';
import { dataOf, pagedOf } from '@comped/shared/schemas/envelopes';
import { bookingResourceSchema } from '@comped/shared/schemas/resources';

const MEDIA = MEDIA_TYPES;
const id = dbId();
const listQuery = pageQuerySchema.extend({ 'filter[status]': statusFilterSchema });
const brandListQuery = listQuery.extend({ sort: bookingSortSchema });
const oneBooking = dataOf(bookingResourceSchema);
const bookingPage = pagedOf(bookingResourceSchema);

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
      return { data: await availableHours(ctx, user.id, request.params.campaignId, request.body) };
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
      const data = await createBooking(ctx, user, request.body);
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
      const brand = await assertOwnsBrand(ctx.db, currentUser(request).id, request.params.id);
      const q = request.query;
      return listBookings(
        ctx,
        { brandId: brand.id },
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
      const brand = await assertOwnsBrand(ctx.db, currentUser(request).id, request.params.id);
      const status = request.body.status;
      if (status === 'no_show') return { data: await markNoShow(ctx, brand.id, request.params.bookingId) };
      return { data: await brandAnswer(ctx, brand.id, request.params.bookingId, status) };
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
      return { data: await mediaCancel(ctx, user.id, request.params.bookingId) };
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
      return { data: await rateInfluencer(ctx, currentUser(request).id, request.params.id, request.body) };
    },
  );
}
