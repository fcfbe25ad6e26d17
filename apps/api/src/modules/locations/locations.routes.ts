import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import { WEEKDAYS } from '@comped/shared/time';
import { locationSchema } from '@comped/shared/validation/location';
import type { LocationOutput } from '@comped/shared/validation/location';
import { locations, plans, subscriptions } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { forbidden, httpError, notFound } from '../../lib/http-errors';
import { currentUser, requireAuth } from '../../plugins/auth';
import { zoneOfZip } from '../../lib/zip-codes';
import { brandOfOwner } from '../brands/brand.policy';
import { lockBrand, toLocationResource } from '../brands/brands.service';
import { assertActiveSubscription } from '../subscriptions/subscription.policy';
import { dbId } from '@comped/shared/validation/fields';

const idParams = z.object({ id: dbId() });
const tags = ['locations'];

/** How many locations the owner's plan allows (3 today; spec section 9). */
async function allowedLocations(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ allowed: plans.allowedLocations })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return Math.min(row?.allowed ?? LIMITS.maxLocations, LIMITS.maxLocations);
}

/** The stored columns of a location form; hours in week order whatever order the client sent. */
function locationValues(body: LocationOutput, fallbackTimeZone: string, fallbackZip: string | null) {
  const zip = body.zip || fallbackZip;
  return {
    name: body.name,
    address: body.address,
    email: body.email,
    phone: body.phone,
    contact: body.contact,
    zip,
    // A zone the brand chose wins; else the ZIP's zone where the database knows it.
    timeZone: body.time_zone || zoneOfZip(zip) || fallbackTimeZone,
    hours: [...body.hours].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day)),
  };
}

/** The brand's locations (spec section 7): owners only; writes need an active subscription. */
export async function locationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const owner = requireAuth('brands');

  /** A live location of the signed-in owner's brand: 404 when unknown or deleted, 403 when another's. */
  async function ownLocation(request: FastifyRequest, id: number) {
    const user = currentUser(request);
    const [row] = await ctx.db
      .select()
      .from(locations)
      .where(and(eq(locations.id, id), isNull(locations.deletedAt)))
      .limit(1);
    if (!row) throw notFound();
    const brand = await brandOfOwner(ctx.db, user.id).catch(() => null);
    if (!brand || brand.id !== row.brandId) throw forbidden();
    return row;
  }

  r.get('/locations', { schema: { tags, summary: "The brand's locations" }, preHandler: owner }, async (request) => {
    const brand = await brandOfOwner(ctx.db, currentUser(request).id);
    const rows = await ctx.db
      .select()
      .from(locations)
      .where(and(eq(locations.brandId, brand.id), isNull(locations.deletedAt)))
      .orderBy(asc(locations.id));
    return { data: rows.map(toLocationResource) };
  });

  r.get(
    '/locations/:id',
    { schema: { params: idParams, tags, summary: 'One location' }, preHandler: owner },
    async (request) => ({ data: toLocationResource(await ownLocation(request, request.params.id)) }),
  );

  r.post(
    '/locations',
    { schema: { body: locationSchema, tags, summary: 'Add a location (3 at most)' }, preHandler: owner },
    async (request, reply) => {
      const user = currentUser(request);
      const brand = await brandOfOwner(ctx.db, user.id);
      await assertActiveSubscription(ctx.db, user.id);
      const row = await ctx.db.transaction(async (tx) => {
        // The brand row lock serialises concurrent creates: two requests can never both see 2.
        await lockBrand(tx, brand.id);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(locations)
          .where(and(eq(locations.brandId, brand.id), isNull(locations.deletedAt)));
        if (n >= (await allowedLocations(tx, user.id)))
          throw httpError(422, MSG.maxLocationsReached, 'location_limit_reached');
        const now = ctx.clock.now();
        const [inserted] = await tx
          .insert(locations)
          .values({
            brandId: brand.id,
            ...locationValues(request.body, ctx.config.tzDefault, /^\d{5}$/.test(brand.zip) ? brand.zip : null),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return inserted!;
      });
      return reply.code(201).send({ data: toLocationResource(row) });
    },
  );

  r.put(
    '/locations/:id',
    { schema: { params: idParams, body: locationSchema, tags, summary: 'Update a location' }, preHandler: owner },
    async (request) => {
      const current = await ownLocation(request, request.params.id);
      await assertActiveSubscription(ctx.db, currentUser(request).id);
      const [row] = await ctx.db
        .update(locations)
        .set({ ...locationValues(request.body, current.timeZone, current.zip), updatedAt: ctx.clock.now() })
        .where(eq(locations.id, current.id))
        .returning();
      return { data: toLocationResource(row!) };
    },
  );

  r.delete(
    '/locations/:id',
    { schema: { params: idParams, tags, summary: 'Delete a location (kept for past bookings)' }, preHandler: owner },
    async (request, reply) => {
      const current = await ownLocation(request, request.params.id);
      await assertActiveSubscription(ctx.db, currentUser(request).id);
      await ctx.db.update(locations).set({ deletedAt: ctx.clock.now() }).where(eq(locations.id, current.id));
      return reply.code(204).send();
    },
  );
}
