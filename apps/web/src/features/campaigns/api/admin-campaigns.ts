import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@comped/shared/paging';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { api } from '../../../lib/api-client';
import { campaignPageQuery, firstCampaignPage, nextCampaignPage } from './paging';
import type { CampaignPageParam } from './paging';

/** GET admin/campaigns?filter[status]=review: the staff review queue, oldest first. */
export function getReviewQueue(param: CampaignPageParam) {
  return api<Paged<CampaignResource>>('admin/campaigns', {
    query: { ...campaignPageQuery(param, 'page[after]'), 'filter[status]': 'review' },
  });
}

export const reviewQueueQueryOptions = infiniteQueryOptions({
  queryKey: ['campaigns', 'admin', 'review'],
  queryFn: ({ pageParam }) => getReviewQueue(pageParam),
  initialPageParam: firstCampaignPage,
  getNextPageParam: nextCampaignPage,
});

export function useReviewQueue() {
  return useInfiniteQuery(reviewQueueQueryOptions);
}

/** POST admin/campaigns/{id}/approve. */
export function approveCampaign(id: number) {
  return api<{ data: CampaignResource }>(`admin/campaigns/${id}/approve`, { method: 'POST' });
}

/** POST admin/campaigns/{id}/reject {reason}: back to draft, the brand sees the reason. */
export function rejectCampaign(id: number, reason: string) {
  return api<{ data: CampaignResource }>(`admin/campaigns/${id}/reject`, { method: 'POST', body: { reason } });
}

export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string }) =>
      input.decision === 'approve' ? approveCampaign(input.id) : rejectCampaign(input.id, input.reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['campaigns', 'admin'] }),
  });
}
