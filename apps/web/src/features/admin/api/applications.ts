import { LIMITS } from '@comped/shared/limits';
import type { MediaApplicationResource } from '@comped/shared/schemas/admin';
import type { ApplicationStatus } from '@comped/shared/statuses';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';
import type { CursorPageParam } from '../../../lib/cursor-paging';
import { firstCursorPage, nextCursorPage } from '../../../lib/cursor-paging';
import { outboxKeys } from './outbox';

export type MediaApplication = MediaApplicationResource;

export const applicationKeys = {
  all: ['admin', 'applications'] as const,
  list: (status: ApplicationStatus) => [...applicationKeys.all, status] as const,
};

/** GET admin/applications?filter[status]&page[number]&page[size]&page[cursor]. */
export function getApplications(status: ApplicationStatus, param: CursorPageParam) {
  return apiParse('admin/applications', 'applicationPage', {
    query: {
      'filter[status]': status,
      'page[number]': param.page,
      'page[size]': LIMITS.pageSize,
      ...(param.page > 1 && param.cursor ? { 'page[cursor]': param.cursor } : {}),
    },
  });
}

export const applicationsQueryOptions = (status: ApplicationStatus) =>
  infiniteQueryOptions({
    queryKey: applicationKeys.list(status),
    queryFn: ({ pageParam }) => getApplications(status, pageParam),
    initialPageParam: firstCursorPage,
    getNextPageParam: nextCursorPage,
  });

export function useApplications(status: ApplicationStatus) {
  return useInfiniteQuery(applicationsQueryOptions(status));
}

function useReview<TVars>(fn: (vars: TVars) => Promise<{ data: MediaApplication }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      void queryClient.invalidateQueries({ queryKey: outboxKeys.all });
    },
  });
}

/** POST admin/applications/{id}/approve {tier}. */
export function useApproveApplication() {
  return useReview(({ id, tier }: { id: number; tier: number }) =>
    apiParse(`admin/applications/${id}/approve`, 'application', { method: 'POST', body: { tier } }),
  );
}

/** POST admin/applications/{id}/reject {reason}. */
export function useRejectApplication() {
  return useReview(({ id, reason }: { id: number; reason: string }) =>
    apiParse(`admin/applications/${id}/reject`, 'application', { method: 'POST', body: { reason } }),
  );
}
