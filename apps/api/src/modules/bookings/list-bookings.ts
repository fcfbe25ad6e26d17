import type { PageMeta } from '@comped/shared/paging';
import type { BookingResource } from '@comped/shared/schemas/resources';
import type { BookingStatus } from '@comped/shared/statuses';
import { VISIT_RULES } from '@comped/shared/validation/visits';
import type { SQL } from 'drizzle-orm';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { pageMeta, pageOffset } from '../../lib/paging';
import type { BookingRow } from './bookings.serializer';
import { toBookingResources } from './bookings.serializer';
import { reliabilityPercentSql, reliabilityTable } from './reliability';

/** GET influencers/{id}/bookings and brands/{id}/bookings: a page of one side's bookings. */
export async function listBookings(
  ctx: AppContext,
  owner: { userId: number } | { brandId: number; locationIds?: number[] | null },
  page: { number: number; size: number },
  statuses: BookingStatus[] | undefined,
  side: 'brand' | 'media',
  sort?: 'reliability' | '-reliability',
): Promise<{ data: BookingResource[]; meta: PageMeta }> {
  const conditions = [
    'userId' in owner ? eq(bookings.userId, owner.userId) : eq(bookings.brandId, owner.brandId),
    statuses?.length ? inArray(bookings.status, statuses) : undefined,
    // A host sees the bookings of their locations only (brand teams).
    'brandId' in owner && owner.locationIds ? inArray(bookings.locationId, [0, ...owner.locationIds]) : undefined,
  ];
  const where = and(...conditions);
  const [total] = await ctx.db.select({ n: count() }).from(bookings).where(where);
  // Upcoming first for live lists; the past list shows the latest first.
  const pastOnly =
    statuses?.length &&
    statuses.every((s) => s === 'finished' || s === 'declined' || s === 'cancelled' || s === 'no_show');
  const rows = sort
    ? await rowsByReliability(ctx.db, where, sort, page)
    : await ctx.db
        .select()
        .from(bookings)
        .where(where)
        .orderBy(
          ...(pastOnly ? [desc(bookings.visitAt), desc(bookings.id)] : [asc(bookings.visitAt), asc(bookings.id)]),
        )
        .limit(page.size)
        .offset(pageOffset(page.number, page.size));
  const n = Number(total?.n ?? 0);
  return {
    data: await toBookingResources(ctx.db, rows, { side, now: ctx.clock.now() }),
    meta: pageMeta(page.number, page.size, n),
  };
}

/**
 * A page of bookings ordered by the media user's reliability (best first, or worst first with
 * `-reliability`; "New" users last either way), then by visit time. One query orders the ids with
 * the score joined per user, one reads the rows.
 */
async function rowsByReliability(
  db: DbOrTx,
  where: SQL | undefined,
  sort: 'reliability' | '-reliability',
  page: { number: number; size: number },
): Promise<BookingRow[]> {
  const direction = sort === 'reliability' ? sql`desc` : sql`asc`;
  const scoped = where ?? sql`true`;
  const result = await db.execute(sql`
    select bookings.id from bookings
    left join ${reliabilityTable(sql`b.user_id in (select bookings.user_id from bookings where ${scoped})`)} rel
      on rel.user_id = bookings.user_id
    where ${scoped}
    order by (case when rel.visits >= ${VISIT_RULES.reliabilityMinVisits} then ${reliabilityPercentSql} end) ${direction} nulls last,
      rel.visits desc nulls last, bookings.visit_at asc, bookings.id asc
    limit ${page.size} offset ${pageOffset(page.number, page.size)}`);
  const ids = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const found = await db.select().from(bookings).where(inArray(bookings.id, ids));
  const byId = new Map(found.map((b) => [b.id, b]));
  return ids.map((id) => byId.get(id)).filter((b): b is BookingRow => b !== undefined);
}
