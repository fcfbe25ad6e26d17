import { z } from 'zod';

import { LIMITS } from './limits';
import { MSG } from './messages';

/** `?page[number]=N&page[size]=M`, size default 10, max 50 (decisions.md, API conventions). */
export const pageQuerySchema = z.object({
  'page[number]': z.coerce.number().int().min(1).default(1),
  'page[size]': z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/**
 * Keyset paging under the page numbers (docs/performance.md): a client that has page N-1 asks for
 * page N with `page[cursor]` = the id of page N-1's last item, and the server seeks to it in the
 * list's index instead of skipping (N-1) x size entries. `page[number]` stays the page shown and
 * `meta` stays exact; without a cursor the page is found by its offset (a deep link).
 */
export const pageCursorQuerySchema = pageQuerySchema.extend({
  'page[cursor]': z.coerce
    .number(MSG.pageCursor)
    .int(MSG.pageCursor)
    .min(1, MSG.pageCursor)
    .max(LIMITS.idMax, MSG.pageCursor)
    .optional()
    .meta({ description: "The id of the last item of page[number] - 1, from that page's answer." }),
});
export type PageCursorQuery = z.output<typeof pageCursorQuerySchema>;

export const pageMetaSchema = z.object({
  current_page: z.int(),
  last_page: z.int(),
  per_page: z.int(),
  total: z.int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}
