import { LIMITS } from '@comped/shared/limits';

import { conversationsPageQuery } from '../../../api/conversations-request';

/** The inbox's pages are twice a list's usual size (a conversation row is one line). */
export const INBOX_PAGE_SIZE = LIMITS.pageSize * 2;

/**
 * The query of one page of the inbox: the fetcher's (get-inbox.ts), and the first page's that
 * boot/early-reads.ts asks for before React runs (this file must bring nothing into the entry).
 */
export const inboxPageQuery = (page: number, cursor?: number) => conversationsPageQuery(page, INBOX_PAGE_SIZE, cursor);
