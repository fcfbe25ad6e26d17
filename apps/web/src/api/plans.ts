import type { PlanResource, ProductsMeta } from '@comped/shared/schemas/resources';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiParse } from '../lib/api-client';

/** The plans and the card form to show, as every page that needs them reads them. */
export interface Plans {
  plans: PlanResource[];
  /** Which card form the checkout shows: our own fields (local) or the provider's Elements. */
  provider: ProductsMeta['provider'];
  /** Stripe only. */
  publishableKey?: string;
}

export const planKeys = {
  all: ['plans'] as const,
  products: () => [...planKeys.all, 'products'] as const,
};

/**
 * GET subscriptions/products (public): the ONE fetcher of the endpoint, for the sign-up pricing
 * block, /plans and the checkout alike, so one key never caches two shapes (the /plans crash).
 */
export async function getPlans(): Promise<Plans> {
  const res = await apiParse('subscriptions/products', 'products');
  return { plans: res.data, provider: res.meta.provider, publishableKey: res.meta.publishable_key };
}

export const plansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.products(), queryFn: getPlans, staleTime: 5 * 60_000 });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
