import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';

export interface ProductsMeta {
  /** Which card form the checkout page shows: our own fields (local) or the provider's Elements. */
  provider: 'local' | 'stripe';
  publishable_key?: string;
}

export interface ProductsResponse {
  data: PlanResource[];
  meta: ProductsMeta;
}

/** GET subscriptions/products: the plans and the payment provider in use. */
export function getProducts(): Promise<ProductsResponse> {
  return api<ProductsResponse>('subscriptions/products');
}

export function productsQueryOptions() {
  return queryOptions({
    queryKey: ['subscriptions', 'products'] as const,
    queryFn: getProducts,
    staleTime: 5 * 60_000,
  });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
