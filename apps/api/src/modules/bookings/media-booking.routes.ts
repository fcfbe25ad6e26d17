import { MEDIA_TYPES } from '@comped/shared/roles';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { bookingResourceSchema } from '@comped/shared/schemas/resources';
import { dbId } from '@comped/shared/validation/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { assertSelf, requireAuth } from '../../plugins/auth';
import { showMediaBooking } from './show-media-booking';

const id = dbId();

/** One booking of a media user: the visit pass reads it (and keeps it for offline use). */
export async function mediaBookingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    '/influencers/:id/bookings/:bookingId',
    {
      schema: {
        tags: ['bookings'],
        summary: "One of a media user's bookings (the visit pass), with the campaign's tip",
        params: z.object({ id, bookingId: id }),
        response: { 200: dataOf(bookingResourceSchema) },
      },
      onRequest: requireAuth([...MEDIA_TYPES]),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      return { data: await showMediaBooking(ctx, user.id, request.params.bookingId) };
    },
  );
}
