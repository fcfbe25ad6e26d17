import { DISCOVERY_DEFAULT_MILES } from '@comped/shared/discovery-filters';
import { MSG } from '@comped/shared/messages';
import type { Paged } from '@comped/shared/paging';
import type { CreatorResource } from '@comped/shared/schemas/directory';
import type { CreatorsQuery } from '@comped/shared/validation/directory';
import { and, eq, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { arrayParam, preparedOn } from '../../db/prepared';
import { creatorDirectoryCounts, users } from '../../db/schema';
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
const visitsWithBrandSql = () =>
  sql<number>`(select count(*) from bookings vb where vb.user_id = "users"."id" and vb.brand_id = ${sql.placeholder('brand')}
    and (vb.checked_in_at is not null or vb.status = 'finished'))`.mapWith(Number);

/**
 * GET brands/{id}/creators: approved media users (a tier set by staff) who stay listed, narrowed by
 * type, tier, name or handle and distance (the discovery module's offline ZIP radius, matched
 * against a ZIP in the profile's location), most reliable first (or most visits), by the figures
 * kept on the users' rows (ADR 024); the total without a search or a distance is kept too.
 * Unlisting takes effect at once: the list reads the profile's switch on every request.
 */
export async function listCreators(
  ctx: AppContext,
  brandId: number,
  query: CreatorsQuery,
): Promise<Paged<CreatorResource>> {
  const page = query['page[number]'];
  const size = query['page[size]'];
  const near = query['filter[near]'];
  if (query['filter[miles]'] !== undefined && !near)
    throw appError('validation_failed', { errors: { 'filter[near]': [MSG.distanceNeedsZip] } });
  const zips = near ? zipsWithin(near, query['filter[miles]'] ?? DISCOVERY_DEFAULT_MILES) : undefined;
  if (near && !zips) throw appError('validation_failed', { errors: { 'filter[near]': [MSG.zipCodeUnknown] } });
  const q = query['filter[q]'];
  const values = {
    brand: brandId,
    type: query['filter[type]'],
    tier: query['filter[tier]'],
    pattern: q ? likePattern(q.replace(/^@+/, '')) : undefined,
    // Five digits each (zipsWithin filters them).
    zips: zips ? arrayParam(zips) : undefined,
    cursor: query['page[cursor]'],
    limit: size,
    // After a cursor the page is sought, not skipped to.
    offset: query['page[cursor]'] ? 0 : pageOffset(page, size),
  };
  // One shape per sort and set of filters present (never their values), each statement prepared
  // once per connection (issue 31).
  const shape = {
    sort: query.sort === 'visits' ? 'visits' : 'reliability',
    type: values.type !== undefined,
    tier: values.tier !== undefined,
    q: values.pattern !== undefined,
    near: values.zips !== undefined,
    cursor: values.cursor !== undefined,
  };
  const name = `creators:${shape.sort}${shape.type ? ':type' : ''}${shape.tier ? ':tier' : ''}${shape.q ? ':q' : ''}${shape.near ? ':near' : ''}`;
  // The listed users, in literals as the indexes' predicate is written (a bound parameter would not
  // prove it); the filters' values are placeholders.
  const where = () =>
    and(
      sql`${users.role} in ('influencer', 'journalist') and ${users.tier} is not null and ${users.directoryListed}`,
      shape.type ? sql`${users.role} = ${sql.placeholder('type')}` : undefined,
      shape.tier ? eq(users.tier, sql.placeholder('tier')) : undefined,
      shape.q
        ? sql`(${users.name} ILIKE ${sql.placeholder('pattern')} OR ${users.instagram} ILIKE ${sql.placeholder('pattern')} OR ${users.tiktok} ILIKE ${sql.placeholder('pattern')} OR ${users.twitter} ILIKE ${sql.placeholder('pattern')})`
        : undefined,
      shape.near
        ? sql`substring(${users.location} from '[0-9]{5}') = any(${sql.placeholder('zips')}::text[])`
        : undefined,
    );
  // The order is an index (users_directory_*_idx, migration 0025) over the kept figures, each
  // column as the index has it, or the planner sorts all listed users again. A user with no score
  // yet sorts last: -1 under every score.
  const score = () => sql`coalesce(${users.reliabilityPercent}, -1)`;
  const key = () =>
    shape.sort === 'visits'
      ? sql`(${users.reliabilityVisits}, ${score()}, ${users.id})`
      : sql`(${score()}, ${users.reliabilityVisits}, ${users.id})`;
  const order = () =>
    shape.sort === 'visits'
      ? sql`${users.reliabilityVisits} desc nulls last, ${score()} desc, ${users.id} desc nulls last`
      : sql`${score()} desc, ${users.reliabilityVisits} desc nulls last, ${users.id} desc nulls last`;
  // After a cursor: the entries after that user's, one seek in the same index.
  const afterCursor = () => {
    const cursorKey =
      shape.sort === 'visits'
        ? sql`cu.reliability_visits, coalesce(cu.reliability_percent, -1), cu.id`
        : sql`coalesce(cu.reliability_percent, -1), cu.reliability_visits, cu.id`;
    return sql`${key()} < (select ${cursorKey} from users cu where cu.id = ${sql.placeholder('cursor')})`;
  };
  // The page's ids first (a walk of the index, at any depth), then its rows and the visits with
  // this brand for those ids only; the total beside it: kept per role and tier
  // (creator_directory_counts), counted only under a search or a distance.
  const kept = !shape.q && !shape.near;
  const [[totalRow], rows] = await Promise.all([
    kept
      ? preparedOn(ctx.db, `${name}:kept_total`, (on) =>
          on
            .select({ n: sql<number>`coalesce(sum(${creatorDirectoryCounts.listed}), 0)`.mapWith(Number) })
            .from(creatorDirectoryCounts)
            .where(
              and(
                shape.type ? sql`${creatorDirectoryCounts.role} = ${sql.placeholder('type')}` : undefined,
                shape.tier ? eq(creatorDirectoryCounts.tier, sql.placeholder('tier')) : undefined,
              ),
            )
            .prepare(`${name}:kept_total`),
        ).execute(values)
      : preparedOn(ctx.db, `${name}:total`, (on) =>
          on
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(users)
            .where(where())
            .prepare(`${name}:total`),
        ).execute(values),
    preparedOn(ctx.db, `${name}:page${shape.cursor ? ':cursor' : ''}`, (on) => {
      const pageIds = on
        .select({ id: users.id })
        .from(users)
        .where(and(where(), shape.cursor ? afterCursor() : undefined))
        .orderBy(order())
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .as('page_ids');
      return on
        .select({ user: users, visitsWithBrand: visitsWithBrandSql() })
        .from(pageIds)
        .innerJoin(users, eq(users.id, pageIds.id))
        .orderBy(order())
        .prepare(`${name}:page${shape.cursor ? ':cursor' : ''}`);
    }).execute(values),
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
