import type { OutboxEntry } from '@comped/shared/schemas/admin';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

export type OutboxMail = OutboxEntry;

export const outboxKeys = { all: ['admin', 'outbox'] as const };

/** GET admin/outbox (newest first, paged). */
export function getOutbox(page: number) {
  return apiParse('admin/outbox', 'outboxPage', { query: { 'page[number]': page, 'page[size]': 20 } });
}

export const outboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: outboxKeys.all,
    queryFn: ({ pageParam }) => getOutbox(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
  });

export function useOutbox() {
  return useInfiniteQuery(outboxQueryOptions());
}
