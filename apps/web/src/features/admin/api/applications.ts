import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@comped/shared/limits';
import type { Paged } from '@comped/shared/paging';
import type { ApplicationStatus } from '@comped/shared/statuses';
import { api } from '../../../lib/api-client';

export interface MediaApplication {
  id: number;
  name: string;
  email: string;
  type: 'influencer' | 'journalist';
  instagram: string;
  twitter: string | null;
  tiktok: string | null;
  workplace: string | null;
  press1: string | null;
  press2: string | null;
  status: ApplicationStatus;
  tier: number | null;
  reason: string | null;
  user_id: number | null;
  created_at: string;
  reviewed_at: string | null;
}

/** GET admin/applications?filter[status]&page[number]&page[size]. */
export function getApplications(status: ApplicationStatus, page: number): Promise<Paged<MediaApplication>> {
  return api('admin/applications', {
    query: { 'filter[status]': status, 'page[number]': page, 'page[size]': LIMITS.pageSize },
  });
}

export const applicationsQueryOptions = (status: ApplicationStatus) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'applications', status],
    queryFn: ({ pageParam }) => getApplications(status, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
  });

export function useApplications(status: ApplicationStatus) {
  return useInfiniteQuery(applicationsQueryOptions(status));
}

function useReview<TVars>(fn: (vars: TVars) => Promise<{ data: MediaApplication }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'applications'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] });
    },
  });
}

/** POST admin/applications/{id}/approve {tier}. */
export function useApproveApplication() {
  return useReview(({ id, tier }: { id: number; tier: number }) =>
    api<{ data: MediaApplication }>(`admin/applications/${id}/approve`, { method: 'POST', body: { tier } }),
  );
}

/** POST admin/applications/{id}/reject {reason}. */
export function useRejectApplication() {
  return useReview(({ id, reason }: { id: number; reason: string }) =>
    api<{ data: MediaApplication }>(`admin/applications/${id}/reject`, { method: 'POST', body: { reason } }),
  );
}
