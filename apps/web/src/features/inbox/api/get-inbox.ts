import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { conversationKeys, getConversationsPage } from '../../../api/conversations';
import { earlyInitialData } from '../../../boot/early-request';
import { firstCursorPage, nextCursorPage } from '../../../lib/cursor-paging';
import { INBOX_PAGE_SIZE, inboxPageQuery } from './inbox-request';

/** GET conversations, page by page (each next page continues after the last conversation shown). */
export function inboxQuery() {
  return infiniteQueryOptions({
    queryKey: conversationKeys.inbox(),
    queryFn: ({ pageParam }) => getConversationsPage(pageParam.page, INBOX_PAGE_SIZE, pageParam.cursor),
    initialPageParam: firstCursorPage,
    ...earlyInitialData('conversations', 'conversationPage', inboxPageQuery(1), (answer) => ({
      pages: [answer],
      pageParams: [firstCursorPage],
    })),
    getNextPageParam: nextCursorPage,
  });
}

export function useInbox() {
  return useInfiniteQuery(inboxQuery());
}
