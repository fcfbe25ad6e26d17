import type { PlanResource } from '../schemas/resources';
import { planResourceSchema } from '../schemas/resources';

/**
 * The brand plan as `GET subscriptions/products` lists it. `price` follows `price_cents` unless
 * given, as the API derives it; checked by the shared schema.
 */
export function makePlan(over: Partial<PlanResource> = {}): PlanResource {
  const priceCents = over.price_cents ?? 9900;
  return planResourceSchema.parse({
    id: 1,
    title: 'Brand Plan',
    price: priceCents / 100,
    price_cents: priceCents,
    intro_price_cents: 4900,
    intro_months: 3,
    features: ['Unlimited campaigns', 'Up to 3 locations', 'Visit check-in and reports'],
    allowed_locations: 3,
    allowed_brands: 1,
    ...over,
  });
}
