import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';

import { campaignKeys } from '../../../api/campaigns';
import { apiParse } from '../../../lib/api-client';
import type { CampaignPageParam } from './paging';
import { campaignPageQuery, firstCampaignPage, nextQueuePage } from './paging';

/** GET admin/campaigns?filter[status]=review: the staff review queue, oldest first. */
export function getReviewQueue(param: CampaignPageParam) {
  return apiParse('admin/campaigns', 'campaignPage', {
    query: { ...campaignPageQuery(param, 'page[after]'), 'filter[status]': 'review' },
  });
}

export const reviewQueueQueryOptions = infiniteQueryOptions({
  queryKey: campaignKeys.list({ scope: 'review' }),
  queryFn: ({ pageParam }) => getReviewQueue(pageParam),
  initialPageParam: firstCampaignPage,
  getNextPageParam: nextQueuePage,
});

export function useReviewQueue() {
  return useInfiniteQuery(reviewQueueQueryOptions);
}

/** POST admin/campaigns/{id}/approve. */
export function approveCampaign(id: number) {
  return apiParse(`admin/campaigns/${id}/approve`, 'campaign', { method: 'POST' });
}

/** POST admin/campaigns/{id}/reject {reason}: back to draft, the brand sees the reason. */
export function rejectCampaign(id: number, reason: string) {
  return apiParse(`admin/campaigns/${id}/reject`, 'campaign', { method: 'POST', body: { reason } });
}

export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string }) =>
      input.decision === 'approve' ? approveCampaign(input.id) : rejectCampaign(input.id, input.reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.list({ scope: 'review' }) }),
  });
}
