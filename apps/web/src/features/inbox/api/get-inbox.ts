import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { conversationKeys, getConversationsPage } from '../../../api/conversations';
import { firstCursorPage, nextCursorPage } from '../../../lib/cursor-paging';
import { INBOX_PAGE_SIZE } from './inbox-request';

/** GET conversations, page by page (each next page continues after the last conversation shown). */
export function inboxQuery() {
  return infiniteQueryOptions({
    queryKey: conversationKeys.inbox(),
    queryFn: ({ pageParam }) => getConversationsPage(pageParam.page, INBOX_PAGE_SIZE, pageParam.cursor),
    initialPageParam: firstCursorPage,
    getNextPageParam: nextCursorPage,
  });
}

export function useInbox() {
  return useInfiniteQuery(inboxQuery());
}
