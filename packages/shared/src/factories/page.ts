import { z } from 'zod';

import { LIMITS } from '../limits';
import type { Paged, PageMeta } from '../paging';
import { pagedOf } from '../schemas/envelopes';

/**
 * A paged list `{data, meta}` as the API sends it, for items built by the other factories. The meta
 * is consistent with the items unless overridden: page 1 of `total` (default: the items) at
 * `per_page` (default: the API's 10, or more when more items are given), `last_page` computed as
 * the API's `pageMeta()` does. The envelope is checked by `pagedOf`; the items were checked by
 * their own factory.
 */
export function makePage<T>(items: T[], meta: Partial<PageMeta> = {}): Paged<T> {
  const perPage = meta.per_page ?? Math.max(LIMITS.pageSize, items.length);
  const total = meta.total ?? items.length;
  const page = pagedOf(z.unknown()).parse({
    data: items,
    meta: {
      current_page: 1,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
      ...meta,
    },
  });
  return { data: items, meta: page.meta };
}
