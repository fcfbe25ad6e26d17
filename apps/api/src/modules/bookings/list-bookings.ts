import type { PageMeta } from '@comped/shared/paging';
import type { BookingResource } from '@comped/shared/schemas/resources';
import type { BookingStatus } from '@comped/shared/statuses';
import { VISIT_RULES } from '@comped/shared/visit-rules';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { and, asc, desc, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { arrayParam, preparedOn } from '../../db/prepared';
import { bookings, brandBookingCounts, mediaBookingCounts, mediaReliability } from '../../db/schema';
import { pageMeta, pageOffset } from '../../lib/paging';
import { bookingPage } from './bookings.serializer';
import { reliabilityPercentSql } from './reliability';

type Owner = { userId: number } | { brandId: number; locationIds?: number[] | null };

/** GET influencers/{id}/bookings and brands/{id}/bookings: a page of one side's bookings. */
export async function listBookings(
  ctx: AppContext,
  owner: Owner,
  page: { number: number; size: number },
  statuses: BookingStatus[] | undefined,
  side: 'brand' | 'media',
  sort?: 'reliability' | '-reliability',
): Promise<{ data: BookingResource[]; meta: PageMeta }> {
  const shape = shapeOf(owner, statuses);
  const values = {
    owner: 'userId' in owner ? owner.userId : owner.brandId,
    statuses: shape.statuses ? arrayParam(statuses!) : undefined,
    locations: shape.locations ? arrayParam([0, ...(owner as { locationIds: number[] }).locationIds]) : undefined,
    limit: page.size,
    offset: pageOffset(page.number, page.size),
  };
  // Upcoming first for live lists; the past list shows the latest first.
  const pastOnly =
    !!statuses?.length &&
    statuses.every((s) => s === 'finished' || s === 'declined' || s === 'cancelled' || s === 'no_show');
  // One statement per page, prepared once per connection and shape (issue 31): its ids first
  // (index-only on the owner's (status, visit_at, id) index, however deep the offset), then their
  // rows and every related row; the total from the kept counters, beside it.
  const order = sort ?? (pastOnly ? 'past' : 'live');
  const [entries, n] = await Promise.all([
    bookingPage(
      ctx.db,
      `bookings_page:${shapeName(shape)}:${order}`,
      () => (sort ? idsByReliability(shape, sort) : idsInOrder(ctx.db, shape, pastOnly)),
      values,
      { side, now: ctx.clock.now() },
    ),
    keptTotal(ctx.db, shape, values),
  ]);
  return { data: entries.map((e) => e.resource), meta: pageMeta(page.number, page.size, n) };
}

/**
 * Which filters a list has (never their values): one prepared statement per shape. The statuses and
 * a host's locations are array parameters (`= any(...)`), so their number keeps the shape.
 */
interface Shape {
  side: 'media' | 'brand';
  statuses: boolean;
  locations: boolean;
}
function shapeOf(owner: Owner, statuses: BookingStatus[] | undefined): Shape {
  return {
    side: 'userId' in owner ? 'media' : 'brand',
    statuses: !!statuses?.length,
    // A host sees the bookings of their locations only (brand teams).
    locations: 'brandId' in owner && !!owner.locationIds,
  };
}
const shapeName = (s: Shape) => `${s.side}${s.statuses ? ':statuses' : ''}${s.locations ? ':locations' : ''}`;

/** The shape's conditions on `table`'s owner, status and location columns, with placeholders. */
function whereOf(
  shape: Shape,
  columns: { owner: SQLWrapper; status: SQLWrapper; location?: SQLWrapper },
): SQL | undefined {
  return and(
    sql`${columns.owner} = ${sql.placeholder('owner')}`,
    shape.statuses ? sql`${columns.status} = any(${sql.placeholder('statuses')}::text[])` : undefined,
    shape.locations && columns.location
      ? sql`${columns.location} = any(${sql.placeholder('locations')}::int[])`
      : undefined,
  );
}
const bookingColumns = (shape: Shape) => ({
  owner: shape.side === 'media' ? bookings.userId : bookings.brandId,
  status: bookings.status,
  location: bookings.locationId,
});

type Values = Record<string, unknown>;

/** The page's ids in the tab's order: upcoming first, the past tab the latest first. */
function idsInOrder(db: DbOrTx, shape: Shape, pastOnly: boolean): SQL {
  return db
    .select({ id: bookings.id })
    .from(bookings)
    .where(whereOf(shape, bookingColumns(shape)))
    .orderBy(...(pastOnly ? [desc(bookings.visitAt), desc(bookings.id)] : [asc(bookings.visitAt), asc(bookings.id)]))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .getSQL();
}

/**
 * A tab's exact total from the counters the `booking_counts_*` triggers keep (migration 0021):
 * per (user, status) for a media user, per (brand, location, status) for a brand, summed over the
 * host's locations for a host.
 */
async function keptTotal(db: DbOrTx, shape: Shape, values: Values): Promise<number> {
  const name = `bookings_total:${shapeName(shape)}`;
  const query = preparedOn(db, name, (on) => {
    if (shape.side === 'media') {
      const c = mediaBookingCounts;
      return on
        .select({ n: sql<string | null>`sum(${c.n})` })
        .from(c)
        .where(whereOf(shape, { owner: c.userId, status: c.status }))
        .prepare(name);
    }
    const c = brandBookingCounts;
    return on
      .select({ n: sql<string | null>`sum(${c.n})` })
      .from(c)
      .where(whereOf(shape, { owner: c.brandId, status: c.status, location: c.locationId }))
      .prepare(name);
  });
  const [row] = await query.execute(values);
  return Number(row?.n ?? 0);
}

/**
 * A page of booking ids ordered by the media user's reliability (best first, or worst first with
 * `-reliability`; "New" users last either way), then by visit time, with the kept figures
 * (media_reliability) joined per user.
 */
function idsByReliability(shape: Shape, sort: 'reliability' | '-reliability'): SQL {
  const direction = sort === 'reliability' ? sql`desc` : sql`asc`;
  return sql`
    select bookings.id from ${bookings}
    left join ${mediaReliability} rel on rel.user_id = bookings.user_id
    where ${whereOf(shape, bookingColumns(shape))}
    order by (case when rel.visits >= ${sql.raw(String(VISIT_RULES.reliabilityMinVisits))} then ${reliabilityPercentSql} end) ${direction} nulls last,
      coalesce(rel.visits, 0) desc, bookings.visit_at asc, bookings.id asc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
}
