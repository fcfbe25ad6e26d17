import type { PlanResource } from '@comped/shared/schemas/resources';
import { monthlyAmountCents } from '@comped/shared/validation/subscription';
import { asc } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { plans } from '../../db/schema';
import type { PlanRow } from './payment-provider';

/** The plans the brands choose from, and what a month of one costs. */

/** PlanResource (packages/shared/src/schemas/resources.ts). */
export function toPlanResource(row: PlanRow): PlanResource {
  return {
    id: row.id,
    title: row.title,
    price: row.priceCents / 100,
    price_cents: row.priceCents,
    intro_price_cents: row.introPriceCents,
    intro_months: row.introMonths,
    features: row.features,
    allowed_locations: row.allowedLocations,
    allowed_brands: row.allowedBrands,
  };
}

export async function listPlans(db: DbOrTx): Promise<PlanResource[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.id));
  return rows.map(toPlanResource);
}

export function amountForMonth(plan: PlanRow, month: number): number {
  return monthlyAmountCents(
    { price_cents: plan.priceCents, intro_price_cents: plan.introPriceCents, intro_months: plan.introMonths },
    month,
  );
}
