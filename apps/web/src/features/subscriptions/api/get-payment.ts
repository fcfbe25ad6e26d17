import type { SubscriptionPaymentResource } from '@comped/shared/schemas/subscription-payments';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

/** GET subscriptions/payments/{id}: a payment that waits for the card holder, or how it ended. */
export async function getPayment(id: string): Promise<SubscriptionPaymentResource> {
  return (await apiParse(`subscriptions/payments/${encodeURIComponent(id)}`, 'subscriptionPayment')).data;
}

export const paymentKeys = {
  all: ['subscriptions', 'payments'] as const,
  detail: (id: string) => [...paymentKeys.all, id] as const,
};

/**
 * `poll`: ask again every 2 seconds while the payment still waits (the hosted provider's webhook
 * settles it a moment after the page confirmed it).
 */
export function paymentQueryOptions(id: string, poll = false) {
  return queryOptions({
    queryKey: paymentKeys.detail(id),
    queryFn: () => getPayment(id),
    refetchInterval: (query) => (poll && query.state.data?.status === 'requires_action' ? 2000 : false),
  });
}

export function usePayment(id: string, poll = false) {
  return useQuery(paymentQueryOptions(id, poll));
}
