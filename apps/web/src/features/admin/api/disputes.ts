import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

export type DisputeFilter = 'open' | 'settled';
const disputeKeys = { all: ['admin', 'disputes'] as const };

/** GET admin/disputes?filter[status]=open|settled (newest first, paged). */
export function getDisputes(status: DisputeFilter, page: number) {
  return apiParse('admin/disputes', 'bookingPage', {
    query: { 'filter[status]': status, 'page[number]': page, 'page[size]': 20 },
  });
}

export function useDisputes(status: DisputeFilter) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...disputeKeys.all, status],
      queryFn: ({ pageParam }) => getDisputes(status, pageParam),
      initialPageParam: 1,
      getNextPageParam: (last) =>
        last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    }),
  );
}

/** POST admin/disputes/{bookingId}/settle {outcome}. */
export function useSettleDispute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { bookingId: number; outcome: 'no_show' | 'finished' }) =>
      apiParse(`admin/disputes/${v.bookingId}/settle`, 'booking', {
        method: 'POST',
        body: { outcome: v.outcome },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: disputeKeys.all }),
  });
}
