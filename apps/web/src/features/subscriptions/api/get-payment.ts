import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionPaymentResource } from '@comped/shared/schemas/subscription-payments';
import { api } from '../../../lib/api-client';

/** GET subscriptions/payments/{id}: a payment that waits for the card holder, or how it ended. */
export function getPayment(id: string): Promise<SubscriptionPaymentResource> {
  return api<{ data: SubscriptionPaymentResource }>(`subscriptions/payments/${encodeURIComponent(id)}`).then(
    (r) => r.data,
  );
}

export const paymentKeys = {
  detail: (id: string) => ['subscriptions', 'payments', id] as const,
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
