import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

export type ReportFilter = 'open' | 'closed';
const reportKeys = { all: ['admin', 'reports'] as const };

/** GET admin/reports?filter[status]=open|closed (newest report first, paged). */
export function getReports(status: ReportFilter, page: number) {
  return apiParse('admin/reports', 'reportPage', {
    query: { 'filter[status]': status, 'page[number]': page, 'page[size]': 10 },
  });
}

export function useReports(status: ReportFilter) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...reportKeys.all, status],
      queryFn: ({ pageParam }) => getReports(status, pageParam),
      initialPageParam: 1,
      getNextPageParam: (last) =>
        last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    }),
  );
}

/** POST admin/conversations/{id}/close (204). */
export function useCloseConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: number) =>
      apiParse(`admin/conversations/${conversationId}/close`, 'noContent', { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
