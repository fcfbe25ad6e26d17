import type { PageMeta } from '@comped/shared/paging';

/** Rows to skip for page `number` (1-based) of `size` rows. */
export function pageOffset(number: number, size: number): number {
  return (number - 1) * size;
}

/** The `meta` of a paged list (`{ data, meta }`, decisions.md API conventions); at least one page. */
export function pageMeta(number: number, size: number, total: number): PageMeta {
  return { current_page: number, last_page: Math.max(1, Math.ceil(total / size)), per_page: size, total };
}
