import type { PageMeta } from '@comped/shared/paging';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { and, count, desc, isNotNull, isNull } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { bookings } from '../../db/schema';
import { pageMeta, pageOffset } from '../../lib/paging';
import { toBookingResources } from './bookings.serializer';

/** GET admin/disputes?filter[status]=open|settled (staff): newest first, paged. */
export async function listDisputes(
  ctx: AppContext,
  page: { number: number; size: number },
  status: 'open' | 'settled',
): Promise<{ data: BookingResource[]; meta: PageMeta }> {
  const where = and(
    isNotNull(bookings.disputedAt),
    status === 'open' ? isNull(bookings.disputeSettledAt) : isNotNull(bookings.disputeSettledAt),
  );
  const [total] = await ctx.db.select({ n: count() }).from(bookings).where(where);
  const rows = await ctx.db
    .select()
    .from(bookings)
    .where(where)
    .orderBy(desc(bookings.disputedAt), desc(bookings.id))
    .limit(page.size)
    .offset(pageOffset(page.number, page.size));
  return {
    data: await toBookingResources(ctx.db, rows, { side: 'brand', now: ctx.clock.now() }),
    meta: pageMeta(page.number, page.size, Number(total?.n ?? 0)),
  };
}
