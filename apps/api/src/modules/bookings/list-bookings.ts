import type { PageMeta } from '@comped/shared/paging';
import type { BookingResource } from '@comped/shared/schemas/resources';
import type { BookingStatus } from '@comped/shared/statuses';
import { VISIT_RULES } from '@comped/shared/validation/visits';
import type { SQL } from 'drizzle-orm';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bookings, brandBookingCounts, mediaBookingCounts, mediaReliability } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { pageMeta, pageOffset } from '../../lib/paging';
import type { BookingRow } from './bookings.serializer';
import { toBookingResources } from './bookings.serializer';
import { reliabilityPercentSql } from './reliability';

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
  // Upcoming first for live lists; the past list shows the latest first.
  const pastOnly =
    statuses?.length &&
    statuses.every((s) => s === 'finished' || s === 'declined' || s === 'cancelled' || s === 'no_show');
  const order = pastOnly ? [desc(bookings.visitAt), desc(bookings.id)] : [asc(bookings.visitAt), asc(bookings.id)];
  // The page as ids first (index-only on the owner's (status, visit_at, id) index, however deep the
  // offset), then its rows; the total from the kept counters, beside it.
  const [ids, n] = await Promise.all([
    sort
      ? idsByReliability(ctx.db, where, sort, page)
      : ctx.db
          .select({ id: bookings.id })
          .from(bookings)
          .where(where)
          .orderBy(...order)
          .limit(page.size)
          .offset(pageOffset(page.number, page.size))
          .then((r) => r.map((b) => b.id)),
    keptTotal(ctx.db, owner, statuses),
  ]);
  const rows = await rowsInOrder(ctx.db, ids);
  return {
    data: await toBookingResources(ctx.db, rows, { side, now: ctx.clock.now() }),
    meta: pageMeta(page.number, page.size, n),
  };
}

/**
 * A tab's exact total from the counters the `booking_counts_*` triggers keep (migration 0021):
 * per (user, status) for a media user, per (brand, location, status) for a brand, summed over the
 * host's locations for a host.
 */
async function keptTotal(
  db: DbOrTx,
  owner: { userId: number } | { brandId: number; locationIds?: number[] | null },
  statuses: BookingStatus[] | undefined,
): Promise<number> {
  if ('userId' in owner) {
    const c = mediaBookingCounts;
    const [row] = await db
      .select({ n: sql<string | null>`sum(${c.n})` })
      .from(c)
      .where(and(eq(c.userId, owner.userId), statuses?.length ? inArray(c.status, statuses) : undefined));
    return Number(row?.n ?? 0);
  }
  const c = brandBookingCounts;
  const [row] = await db
    .select({ n: sql<string | null>`sum(${c.n})` })
    .from(c)
    .where(
      and(
        eq(c.brandId, owner.brandId),
        statuses?.length ? inArray(c.status, statuses) : undefined,
        owner.locationIds ? inArray(c.locationId, [0, ...owner.locationIds]) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The bookings of `ids`, in that order. */
async function rowsInOrder(db: DbOrTx, ids: number[]): Promise<BookingRow[]> {
  if (ids.length === 0) return [];
  const found = await db.select().from(bookings).where(inArray(bookings.id, ids));
  const byId = new Map(found.map((b) => [b.id, b]));
  return ids.map((id) => byId.get(id)).filter((b): b is BookingRow => b !== undefined);
}

/**
 * A page of booking ids ordered by the media user's reliability (best first, or worst first with
 * `-reliability`; "New" users last either way), then by visit time, with the kept figures
 * (media_reliability) joined per user.
 */
async function idsByReliability(
  db: DbOrTx,
  where: SQL | undefined,
  sort: 'reliability' | '-reliability',
  page: { number: number; size: number },
): Promise<number[]> {
  const direction = sort === 'reliability' ? sql`desc` : sql`asc`;
  const scoped = where ?? sql`true`;
  const result = await db.execute(sql`
    select bookings.id from bookings
    left join ${mediaReliability} rel on rel.user_id = bookings.user_id
    where ${scoped}
    order by (case when rel.visits >= ${VISIT_RULES.reliabilityMinVisits} then ${reliabilityPercentSql} end) ${direction} nulls last,
      coalesce(rel.visits, 0) desc, bookings.visit_at asc, bookings.id asc
    limit ${page.size} offset ${pageOffset(page.number, page.size)}`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}
