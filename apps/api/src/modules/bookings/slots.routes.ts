import { errorBodySchema } from '@comped/shared/error-codes';
import { MEDIA_TYPES } from '@comped/shared/roles';
import { weekAvailabilitySchema } from '@comped/shared/schemas/admin';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { bookingResourceSchema } from '@comped/shared/schemas/resources';
import { waitlistEntryResourceSchema } from '@comped/shared/schemas/slots';
import { dbId } from '@comped/shared/validation/fields';
import { proposalHoursSchema, proposalSchema, waitlistJoinSchema } from '@comped/shared/validation/slots';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { assertSelf, currentUser, requireAuth } from '../../plugins/auth';
import { acceptProposal } from './accept-proposal';
import { brandActorOf } from './bookings.policy';
import { confirmVisit } from './confirm-visit';
import { declineProposal } from './decline-proposal';
import { joinWaitlist } from './join-waitlist';
import { leaveWaitlist } from './leave-waitlist';
import { listProposalHours } from './list-proposal-hours';
import { listWaitlist } from './list-waitlist';
import { proposeBookingTime } from './propose-booking-time';

const MEDIA = MEDIA_TYPES;
const id = dbId();
const oneBooking = dataOf(bookingResourceSchema);

/**
 * Slots that fill (issue 30, decisions.md round 3): another time proposed by the brand and the
 * media user's answer, the waitlist of a full week, the attendance confirmation.
 */
export async function slotsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.post(
    '/brands/:id/bookings/:bookingId/proposal',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Propose another available slot, with a note, for a pending request',
        params: z.object({ id, bookingId: id }),
        body: proposalSchema,
        response: { 200: oneBooking },
      },
      onRequest: requireAuth('brands'),
    },
    async (request) => {
      const actor = await brandActorOf(ctx.db, currentUser(request), request.params.id);
      return { data: await proposeBookingTime(ctx, actor, request.params.bookingId, request.body) };
    },
  );

  r.post(
    '/brands/:id/bookings/:bookingId/availablehours',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The slots a brand may propose for a request: the week holding a date, this booking left out',
        params: z.object({ id, bookingId: id }),
        body: proposalHoursSchema,
        response: { 200: dataOf(weekAvailabilitySchema) },
      },
      onRequest: requireAuth('brands'),
    },
    async (request) => {
      const actor = await brandActorOf(ctx.db, currentUser(request), request.params.id);
      return { data: await listProposalHours(ctx, actor, request.params.bookingId, request.body) };
    },
  );

  r.post(
    '/influencers/:id/bookings/:bookingId/proposal/accept',
    {
      schema: {
        tags: ['bookings'],
        summary: "Accept the brand's proposed time: the booking moves there and is accepted",
        params: z.object({ id, bookingId: id }),
        // 409: the request was answered meanwhile.
        response: { 200: oneBooking, 409: errorBodySchema },
      },
      onRequest: requireAuth([...MEDIA]),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      return { data: await acceptProposal(ctx, user.id, request.params.bookingId) };
    },
  );

  r.post(
    '/influencers/:id/bookings/:bookingId/proposal/decline',
    {
      schema: {
        tags: ['bookings'],
        summary: "Decline the brand's proposed time: the request stays pending",
        params: z.object({ id, bookingId: id }),
        response: { 200: oneBooking },
      },
      onRequest: requireAuth([...MEDIA]),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      return { data: await declineProposal(ctx, user.id, request.params.bookingId) };
    },
  );

  r.post(
    '/influencers/:id/bookings/:bookingId/confirm',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Confirm attendance of an accepted visit (from 24 hours before it)',
        params: z.object({ id, bookingId: id }),
        response: { 200: oneBooking },
      },
      onRequest: requireAuth([...MEDIA]),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      return { data: await confirmVisit(ctx, user.id, request.params.bookingId) };
    },
  );

  r.post(
    '/influencers/:id/campaigns/:campaignId/waitlist',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Wait for a full week of a campaign',
        params: z.object({ id, campaignId: id }),
        body: waitlistJoinSchema,
        response: { 201: dataOf(waitlistEntryResourceSchema) },
      },
      onRequest: requireAuth([...MEDIA]),
    },
    async (request, reply) => {
      const user = assertSelf(request, request.params.id);
      const data = await joinWaitlist(ctx, user.id, request.params.campaignId, request.body);
      return reply.code(201).send({ data });
    },
  );

  r.get(
    '/influencers/:id/waitlist',
    {
      schema: {
        tags: ['bookings'],
        summary: "A media user's waitlist entries, newest first",
        params: z.object({ id }),
        response: { 200: dataOf(z.array(waitlistEntryResourceSchema)) },
      },
      onRequest: requireAuth([...MEDIA]),
    },
    async (request) => {
      const user = assertSelf(request, request.params.id);
      return { data: await listWaitlist(ctx, user.id) };
    },
  );

  r.delete(
    '/influencers/:id/waitlist/:entryId',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Leave the waitlist',
        params: z.object({ id, entryId: id }),
        response: { 204: z.undefined() },
      },
      onRequest: requireAuth([...MEDIA]),
    },
    async (request, reply) => {
      const user = assertSelf(request, request.params.id);
      await leaveWaitlist(ctx, user.id, request.params.entryId);
      return reply.code(204).send();
    },
  );
}
