import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { conversationKeys } from '../../../api/conversations';
import { apiParse } from '../../../lib/api-client';

/** GET conversations/{id}/messages: the newest 30, or the 30 before message `before`, oldest first. */
export function getMessages(id: number, before?: number) {
  return apiParse(`conversations/${id}/messages`, 'messagePage', { query: { 'page[before]': before } });
}

/**
 * A thread: the first page is the newest, each next one the messages before it ("Load earlier").
 * Live messages are appended to the first page (lib/use-live-events.ts).
 */
export function threadQuery(id: number) {
  return infiniteQueryOptions({
    queryKey: conversationKeys.messages(id),
    queryFn: ({ pageParam }) => getMessages(id, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.meta.has_more ? last.data[0]?.id : undefined),
  });
}

export function useThread(id: number) {
  return useInfiniteQuery(threadQuery(id));
}
