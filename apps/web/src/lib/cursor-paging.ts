import type { Paged } from '@comped/shared/paging';

/**
 * Keyset paging under the page numbers (`page[cursor]`, packages/shared paging.ts): a list read
 * page by page asks for each next page with the id of the last item it shows, so the server seeks
 * to it instead of skipping every earlier page; `page[number]` and `meta` stay as they were.
 */
export interface CursorPageParam {
  page: number;
  /** The id of the last item of the page before (none on page 1). */
  cursor?: number;
}

export const firstCursorPage: CursorPageParam = { page: 1 };

/** The page after `last`, continuing after its last item; undefined once the list is done. */
export function nextCursorPage<T extends { id: number }>(last: Paged<T>): CursorPageParam | undefined {
  if (last.meta.current_page >= last.meta.last_page || last.data.length === 0) return undefined;
  return { page: last.meta.current_page + 1, cursor: last.data.at(-1)?.id };
}
