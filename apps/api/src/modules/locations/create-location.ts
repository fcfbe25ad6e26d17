import { LIMITS, ZIP_CODE } from '@comped/shared/limits';
import type { LocationResource } from '@comped/shared/schemas/resources';
import type { LocationOutput } from '@comped/shared/validation/location';
import { and, count, eq, isNull } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { locations, plans, subscriptions } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { lockBrand } from '../brands/brand-queries';
import type { BrandRow } from '../brands/brands.policy';
import { locationValues } from './location-values';
import { toLocationResource } from './locations.serializer';

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
        ...locationValues(body, ctx.config.tzDefault, ZIP_CODE.test(brand.zip) ? brand.zip : null),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted!;
  });
  return toLocationResource(row);
}
