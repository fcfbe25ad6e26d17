import { z } from 'zod';
import { LIMITS } from './limits';

/** `?page[number]=N&page[size]=M`, size default 10, max 50 (decisions.md, API conventions). */
export const pageQuerySchema = z.object({
  'page[number]': z.coerce.number().int().min(1).default(1),
  'page[size]': z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}
