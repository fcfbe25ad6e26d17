import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiParseEarly } from '../boot/early-request';
import { conversationsPageQuery } from './conversations-request';

/**
 * The one query-key factory of conversations (the inbox, a thread, the sidebar's unread count, the
 * live events that refresh them): one prefix, so a message can refresh every view of them at once.
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  inbox: () => [...conversationKeys.all, 'inbox'] as const,
  unread: () => [...conversationKeys.all, 'unread'] as const,
  one: (id: number) => [...conversationKeys.all, 'one', id] as const,
  messages: (id: number) => [...conversationKeys.all, 'messages', id] as const,
};

/**
 * GET conversations: one page of the inbox, newest activity first (`cursor`: the last id of the page
 * before). The inbox's first page may already be under way (boot/early-reads.ts): then its answer is taken.
 */
export function getConversationsPage(page: number, size: number, cursor?: number) {
  return apiParseEarly('conversations', 'conversationPage', conversationsPageQuery(page, size, cursor));
}

/** The caller's unread messages over every conversation (`meta.unread_total`), for the sidebar. */
export function unreadTotalQuery() {
  return queryOptions({
    queryKey: conversationKeys.unread(),
    queryFn: async () => (await getConversationsPage(1, 1)).meta.unread_total,
  });
}

export function useUnreadTotal(enabled: boolean) {
  return useQuery({ ...unreadTotalQuery(), enabled });
}
