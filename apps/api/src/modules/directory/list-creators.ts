import { DISCOVERY_DEFAULT_MILES } from '@comped/shared/discovery-filters';
import { MSG } from '@comped/shared/messages';
import type { Paged } from '@comped/shared/paging';
import type { CreatorResource } from '@comped/shared/schemas/directory';
import type { CreatorsQuery } from '@comped/shared/validation/directory';
import type { SQL } from 'drizzle-orm';
import { and, eq, inArray, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { pageMeta, pageOffset } from '../../lib/paging';
import { zipsWithin } from '../../lib/zip-codes';
import { toCreatorResource } from './directory.serializer';

/** `%`, `_` and `\` match themselves in the search box. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Visits of a user at a brand that happened: checked in, or finished. The outer row is named in
 * full: Drizzle writes `${users.id}` as a bare "id" in a one-table select, which inside this
 * subquery would be the booking's id.
 */
const visitsWithBrandSql = (brandId: number) =>
  sql<number>`(select count(*) from bookings vb where vb.user_id = "users"."id" and vb.brand_id = ${brandId}
    and (vb.checked_in_at is not null or vb.status = 'finished'))`.mapWith(Number);

/**
 * GET brands/{id}/creators: approved media users (a tier set by staff) who stay listed, narrowed by
 * type, tier, name or handle and distance (the discovery module's offline ZIP radius, matched
 * against a ZIP in the profile's location), most reliable first (or most visits), by the figures
 * kept on the users' rows (ADR 024). Unlisting takes effect at once: the list reads the profile's
 * switch on every request.
 */
export async function listCreators(
  ctx: AppContext,
  brandId: number,
  query: CreatorsQuery,
): Promise<Paged<CreatorResource>> {
  const page = query['page[number]'];
  const size = query['page[size]'];
  // The listed users, in literals as the indexes' predicate is written (a bound parameter would not
  // prove it).
  const parts: SQL[] = [
    sql`${users.role} in ('influencer', 'journalist') and ${users.tier} is not null and ${users.directoryListed}`,
  ];
  if (query['filter[type]']) parts.push(eq(users.role, query['filter[type]']));
  if (query['filter[tier]'] !== undefined) parts.push(eq(users.tier, query['filter[tier]']));
  const q = query['filter[q]'];
  if (q) {
    const pattern = likePattern(q.replace(/^@+/, ''));
    parts.push(
      sql`(${users.name} ILIKE ${pattern} OR ${users.instagram} ILIKE ${pattern} OR ${users.tiktok} ILIKE ${pattern} OR ${users.twitter} ILIKE ${pattern})`,
    );
  }
  const near = query['filter[near]'];
  if (query['filter[miles]'] !== undefined && !near)
    throw appError('validation_failed', { errors: { 'filter[near]': [MSG.distanceNeedsZip] } });
  if (near) {
    const zips = zipsWithin(near, query['filter[miles]'] ?? DISCOVERY_DEFAULT_MILES);
    if (!zips) throw appError('validation_failed', { errors: { 'filter[near]': [MSG.zipCodeUnknown] } });
    // Each entry is five digits (zipsWithin filters them), so the literal array is safe.
    parts.push(
      sql`substring(${users.location} from '[0-9]{5}') = ANY(${sql.raw(`ARRAY[${zips.map((z) => `'${z}'`).join(',')}]::text[]`)})`,
    );
  }
  const where = and(...parts);
  // The order is an index (users_directory_*_idx, migration 0022) over the kept figures: every
  // column `desc nulls last`, as the index is, or the planner sorts all listed users again.
  const order =
    query.sort === 'visits'
      ? sql`${users.reliabilityVisits} desc nulls last, ${users.reliabilityPercent} desc nulls last, ${users.id} desc nulls last`
      : sql`${users.reliabilityPercent} desc nulls last, ${users.reliabilityVisits} desc nulls last, ${users.id} desc nulls last`;
  // The page's ids first (a walk of the index, at any depth), then its rows and the visits with
  // this brand for those ids only; the total beside it.
  const pageIds = ctx.db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(order)
    .limit(size)
    .offset(pageOffset(page, size));
  const [[totalRow], rows] = await Promise.all([
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(where),
    ctx.db
      .select({ user: users, visitsWithBrand: visitsWithBrandSql(brandId) })
      .from(users)
      .where(inArray(users.id, pageIds))
      .orderBy(order),
  ]);
  return {
    data: rows.map((r) =>
      toCreatorResource(
        r.user,
        { percent: r.user.reliabilityPercent, visits: r.user.reliabilityVisits },
        r.visitsWithBrand,
      ),
    ),
    meta: pageMeta(page, size, totalRow?.n ?? 0),
  };
}
