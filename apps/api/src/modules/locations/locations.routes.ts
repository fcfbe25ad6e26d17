import { dataOf } from '@comped/shared/schemas/envelopes';
import { locationResourceSchema } from '@comped/shared/schemas/resources';
import { dbId } from '@comped/shared/validation/fields';
import { locationSchema } from '@comped/shared/validation/location';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { currentUser, requireAuth } from '../../plugins/auth';
import { BRAND_MANAGERS, brandOfMember, brandRoles } from '../brands/brands.policy';
import { assertActiveSubscription } from '../subscriptions/subscriptions.policy';
import { createLocation } from './create-location';
import { deleteLocation } from './delete-location';
import { listLocations } from './list-locations';
import { ownLocation as ownLocationOf } from './locations.policy';
import { toLocationResource } from './locations.serializer';
import { updateLocation } from './update-location';

const idParams = z.object({ id: dbId() });
const tags = ['locations'];
const locationAnswer = dataOf(locationResourceSchema);

/** The brand's locations (spec section 7): owners only; writes need an active subscription. */
export async function locationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Brand teams: every member reads the locations; owners and managers change them.
  const member = requireAuth('brands');
  const owner = [requireAuth('brands'), brandRoles(BRAND_MANAGERS)];

  const ownLocation = (request: FastifyRequest, id: number) => ownLocationOf(ctx.db, currentUser(request), id);

  r.get(
    '/locations',
    {
      schema: { tags, summary: "The brand's locations", response: { 200: dataOf(z.array(locationResourceSchema)) } },
      onRequest: member,
    },
    async (request) => {
      const { brand } = await brandOfMember(ctx.db, currentUser(request));
      return { data: await listLocations(ctx.db, brand.id) };
    },
  );

  r.get(
    '/locations/:id',
    {
      schema: { params: idParams, tags, summary: 'One location', response: { 200: locationAnswer } },
      onRequest: member,
    },
    async (request) => ({ data: toLocationResource(await ownLocation(request, request.params.id)) }),
  );

  r.post(
    '/locations',
    {
      schema: { body: locationSchema, tags, summary: 'Add a location (3 at most)', response: { 201: locationAnswer } },
      onRequest: owner,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { brand } = await brandOfMember(ctx.db, user, BRAND_MANAGERS);
      await assertActiveSubscription(ctx.db, user);
      // The plan that allows the locations is the owner's (brand teams).
      const data = await createLocation(ctx, brand.ownerId, brand, request.body);
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/locations/:id',
    {
      schema: {
        params: idParams,
        body: locationSchema,
        tags,
        summary: 'Update a location',
        response: { 200: locationAnswer },
      },
      onRequest: owner,
    },
    async (request) => {
      const current = await ownLocation(request, request.params.id);
      await assertActiveSubscription(ctx.db, currentUser(request));
      return { data: await updateLocation(ctx, current, request.body) };
    },
  );

  r.delete(
    '/locations/:id',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Delete a location (kept for past bookings)',
        response: { 204: z.undefined().describe('Deleted') },
      },
      onRequest: owner,
    },
    async (request, reply) => {
      const current = await ownLocation(request, request.params.id);
      await assertActiveSubscription(ctx.db, currentUser(request));
      await deleteLocation(ctx, current.id);
      return reply.code(204).send();
    },
  );
}
