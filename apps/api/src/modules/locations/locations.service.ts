import { LIMITS } from '@comped/shared/limits';
import type { LocationResource } from '@comped/shared/schemas/resources';
import { WEEKDAYS } from '@comped/shared/time';
import type { LocationOutput } from '@comped/shared/validation/location';
import { and, asc, count, eq, isNull } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { brands, locations, plans, subscriptions } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { zoneOfZip } from '../../lib/zip-codes';
import { lockBrand, toLocationResource } from '../brands/brands.service';

type BrandRow = typeof brands.$inferSelect;
type LocationRow = typeof locations.$inferSelect;

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

/** The brand's live locations, oldest first. */
export async function listLocations(db: DbOrTx, brandId: number): Promise<LocationResource[]> {
  const rows = await db
    .select()
    .from(locations)
    .where(and(eq(locations.brandId, brandId), isNull(locations.deletedAt)))
    .orderBy(asc(locations.id));
  return rows.map(toLocationResource);
}

/** A live (not deleted) location by id, or 404. */
export async function liveLocation(db: DbOrTx, id: number): Promise<LocationRow> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), isNull(locations.deletedAt)))
    .limit(1);
  if (!row) throw appError('not_found');
  return row;
}

/** Adds a location within the plan's allowance (422 `location_limit_reached` beyond it). */
export async function createLocation(
  ctx: AppContext,
  userId: number,
  brand: BrandRow,
  body: LocationOutput,
): Promise<LocationResource> {
  const row = await ctx.db.transaction(async (tx) => {
    // The brand row lock serialises concurrent creates: two requests can never both see 2.
    await lockBrand(tx, brand.id);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(locations)
      .where(and(eq(locations.brandId, brand.id), isNull(locations.deletedAt)));
    if (n >= (await allowedLocations(tx, userId))) throw appError('location_limit_reached');
    const now = ctx.clock.now();
    const [inserted] = await tx
      .insert(locations)
      .values({
        brandId: brand.id,
        ...locationValues(body, ctx.config.tzDefault, /^\d{5}$/.test(brand.zip) ? brand.zip : null),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted!;
  });
  return toLocationResource(row);
}

/** Rewrites a location from its form; a blank ZIP or zone keeps the current one. */
export async function updateLocation(
  ctx: AppContext,
  current: LocationRow,
  body: LocationOutput,
): Promise<LocationResource> {
  const [row] = await ctx.db
    .update(locations)
    .set({ ...locationValues(body, current.timeZone, current.zip), updatedAt: ctx.clock.now() })
    .where(eq(locations.id, current.id))
    .returning();
  return toLocationResource(row!);
}

/** Soft-deletes a location: past bookings keep pointing at it. */
export async function deleteLocation(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.update(locations).set({ deletedAt: ctx.clock.now() }).where(eq(locations.id, id));
}
