import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';

/** GET subscriptions/products (public): the plan shown in the sign-up pricing block. */
export function getPlans(): Promise<PlanResource[]> {
  return api<{ data: PlanResource[] }>('subscriptions/products').then((r) => r.data);
}

export const plansQueryOptions = () =>
  queryOptions({ queryKey: ['subscriptions', 'products'], queryFn: getPlans, staleTime: 5 * 60_000 });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
