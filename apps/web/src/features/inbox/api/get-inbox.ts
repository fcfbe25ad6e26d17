import { LIMITS } from '@comped/shared/limits';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { conversationKeys, getConversationsPage } from '../../../api/conversations';

/** GET conversations, page by page (each next page continues after the last conversation shown). */
export function inboxQuery() {
  return infiniteQueryOptions({
    queryKey: conversationKeys.inbox(),
    queryFn: ({ pageParam }) => getConversationsPage(pageParam.page, LIMITS.pageSize * 2, pageParam.cursor),
    initialPageParam: { page: 1 } as { page: number; cursor?: number },
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page
        ? { page: last.meta.current_page + 1, cursor: last.data.at(-1)?.id }
        : undefined,
  });
}

export function useInbox() {
  return useInfiniteQuery(inboxQuery());
}
