import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Paged } from '@comped/shared/paging';
import type { MailStatus } from '@comped/shared/statuses';
import { api } from '../../../lib/api-client';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: MailStatus;
  created_at: string;
  sent_at: string | null;
}

/** GET admin/outbox (newest first, paged). */
export function getOutbox(page: number): Promise<Paged<OutboxMail>> {
  return api('admin/outbox', { query: { 'page[number]': page, 'page[size]': 20 } });
}

export const outboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['admin', 'outbox'],
    queryFn: ({ pageParam }) => getOutbox(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
  });

export function useOutbox() {
  return useInfiniteQuery(outboxQueryOptions());
}
