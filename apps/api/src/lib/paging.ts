import { MSG } from '@comped/shared/messages';
import type { PageCursorQuery, PageMeta } from '@comped/shared/paging';

import { appError } from './app-error';

/** Rows to skip for page `number` (1-based) of `size` rows. */
export function pageOffset(number: number, size: number): number {
  return (number - 1) * size;
}

/** The `meta` of a paged list (`{ data, meta }`, decisions.md API conventions); at least one page. */
export function pageMeta(number: number, size: number, total: number): PageMeta {
  return { current_page: number, last_page: Math.max(1, Math.ceil(total / size)), per_page: size, total };
}

/**
 * Where a page starts: with `page[cursor]` (the previous page's last id) the caller seeks past the
 * cursor in its index and skips nothing; without it, the offset of `page[number]`. A cursor on
 * page 1 contradicts itself: 422, not a guess.
 */
export function pageStart(query: Pick<PageCursorQuery, 'page[number]' | 'page[size]' | 'page[cursor]'>): {
  offset: number;
  cursor: number | undefined;
} {
  const cursor = query['page[cursor]'];
  if (cursor === undefined) return { offset: pageOffset(query['page[number]'], query['page[size]']), cursor };
  if (query['page[number]'] < 2)
    throw appError('validation_failed', { field: 'page[cursor]', message: MSG.pageCursorFirstPage });
  return { offset: 0, cursor };
}
