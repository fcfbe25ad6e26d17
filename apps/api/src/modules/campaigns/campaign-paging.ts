import type { Paged } from '@comped/shared/paging';
import { pageCursorQuerySchema } from '@comped/shared/paging';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import type { SQL } from 'drizzle-orm';
import { and, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';

import type { DbOrTx } from '../../db/client';
import { arrayParam, preparedOn, preparedSql } from '../../db/prepared';
import type { MarkedQueue } from '../../db/queue-marks';
import { counterVersion, forgetQueueMarks, queueMark } from '../../db/queue-marks';
import {
  campaignAudienceCounts,
  campaignAudiences,
  campaignAudienceVersions,
  campaigns,
  campaignStatusCounts,
  discoveryPageMarks,
} from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { pageMeta, pageStart } from '../../lib/paging';
import { withEffectiveStatus } from './campaign-expiry';
import type { MediaViewer } from './campaign-visibility';
import { campaignPage, campaignResourceOf } from './campaigns.serializer';

/**
 * Campaign lists are ordered by id, newest first (ids only grow, so the order is total and stable).
 * Plain `page[number]` paging would shift later pages when a campaign is added between two reads,
 * so a client may pin the list with `page[before]`: the id of the first item of page 1. Every page
 * is then computed over the campaigns with `id <= page[before]`, and a newer campaign shows up only
 * when the client starts again from page 1. Without `page[before]` it is ordinary offset paging.
 * (Oldest-first lists, such as the staff review queue, pin with `page[after]` the same way.)
 *
 * `page[cursor]` (shared paging.ts) is the id of the previous page's last item: the page is then
 * the `size` campaigns after it in the list's order, an index seek however deep the page is.
 */
export const campaignPageQuerySchema = pageCursorQuerySchema.extend({
  'page[before]': z.coerce.number().int().min(1).optional(),
  'page[after]': z.coerce.number().int().min(1).optional(),
});
export type CampaignPageQuery = z.output<typeof campaignPageQuerySchema>;

/**
 * Which campaigns a list holds: `where`, a condition on `campaigns` whose values are placeholders
 * filled from `values`, and `name`, which names its statements (one per shape of the page), each
 * prepared once per connection.
 */
export interface CampaignList {
  name: string;
  where: SQL;
  values: Record<string, unknown>;
}

/**
 * A campaign list by id. `queue` names a list that is exactly "every campaign not deleted with this
 * stored status" (the staff review queue): its total then comes from campaign_status_counts (minus
 * the few queued campaigns before an oldest-first pin) instead of counting the queue.
 */
export async function pagedCampaigns(
  db: DbOrTx,
  list: CampaignList,
  query: CampaignPageQuery,
  opts: { today: string; order?: 'newest' | 'oldest'; queue?: string },
): Promise<Paged<CampaignResource>> {
  const size = query['page[size]'];
  const page = query['page[number]'];
  const cursor = query['page[cursor]'];
  const start = pageStart(query);
  const oldestFirst = opts.order === 'oldest';
  const pin = oldestFirst ? query['page[after]'] : query['page[before]'];
  const id = campaigns.id;
  const pinned =
    pin === undefined
      ? sql``
      : oldestFirst
        ? sql` and ${id} >= ${sql.placeholder('pin')}`
        : sql` and ${id} <= ${sql.placeholder('pin')}`;
  const sought =
    cursor === undefined
      ? sql``
      : oldestFirst
        ? sql` and ${id} > ${sql.placeholder('cursor')}`
        : sql` and ${id} < ${sql.placeholder('cursor')}`;
  const values = { ...list.values, pin, cursor, limit: size, offset: start.offset };
  const shape = `${oldestFirst ? 'oldest' : 'newest'}${pin === undefined ? '' : ':pin'}${cursor === undefined ? '' : ':cursor'}`;
  const named = (what: string, as = shape) => `${list.name}:${what}:${as}`;
  // The page in one statement: its ids (index-only on `campaigns_status_id_idx` for a status
  // list), the campaigns and their related rows; the total beside it.
  const idsWhere = (more: SQL) => () => sql`select ${id} from ${campaigns} where ${list.where}${pinned}${more}
    order by ${id} ${oldestFirst ? sql`asc` : sql`desc`}
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  const ids = idsWhere(sought);
  const totalOf = () =>
    opts.queue !== undefined && (oldestFirst || pin === undefined)
      ? queueTotal(db, opts.queue, list, pin)
      : countRows(
          db,
          named('total'),
          () => sql`select count(*)::int as n from ${campaigns} where ${list.where}${pinned}`,
          values,
        ).then(([r]) => Number(r?.n ?? 0));
  const answer = (entries: Awaited<ReturnType<typeof campaignPage>>, total: number) => ({
    data: entries.map(({ row, related }) => campaignResourceOf(withEffectiveStatus(row, opts.today), related)),
    meta: pageMeta(page, size, total),
  });
  // A deep page by number of a status queue (oldest first, no pin) seeks after its page mark
  // (db/queue-marks.ts); marks of an older version of the queue read nothing, and the page walks
  // its offset instead.
  if (opts.queue !== undefined && oldestFirst && pin === undefined && cursor === undefined && start.offset > 0) {
    const queue = statusQueue(list);
    const key = `${list.name}:${opts.queue}`;
    const mark = await queueMark(db, queue, key, { ...list.values, queue: opts.queue }, start.offset);
    if (mark) {
      const fromMark = idsWhere(
        sql` and ${id} > ${sql.placeholder('cursor')} and ${queue.version()} = ${sql.placeholder('version')}`,
      );
      const markValues = {
        ...values,
        queue: opts.queue,
        cursor: mark.cursor,
        offset: mark.skip,
        version: mark.version,
      };
      const [entries, total] = await Promise.all([
        campaignPage(db, named('page', 'mark'), fromMark, markValues),
        totalOf(),
      ]);
      if (entries.length > 0 || start.offset >= total) return answer(entries, total);
      forgetQueueMarks(db, key);
    }
  }
  const [entries, total] = await Promise.all([campaignPage(db, named('page'), ids, values), totalOf()]);
  return answer(entries, total);
}

/** A status queue (every campaign not deleted with one stored status, oldest first) for its page marks. */
function statusQueue(list: CampaignList): MarkedQueue {
  return {
    name: `${list.name}_queue`,
    numbered: () =>
      sql`select ${campaigns.id} as id, row_number() over (order by ${campaigns.id}) as rn from ${campaigns} where ${list.where}`,
    version: () => counterVersion(campaignStatusCounts, sql`${sql.placeholder('queue')}`),
  };
}

/** The rows of a `select count(*)::int as n` statement, prepared once per connection. */
async function countRows(db: DbOrTx, name: string, statement: () => SQL, values: Record<string, unknown>) {
  return rowsOf<{ n: number }>(await preparedSql(db, name, statement).execute(values));
}

/**
 * A status queue's exact total from its counter row, less the queued campaigns before the pin: one
 * statement either way (two index lookups, never a scan), as a round trip is most of a page's cost.
 */
async function queueTotal(db: DbOrTx, status: string, list: CampaignList, after: number | undefined) {
  const counted =
    after === undefined
      ? await preparedOn(db, 'campaign_status_count', (on) =>
          on
            .select({ n: campaignStatusCounts.n })
            .from(campaignStatusCounts)
            .where(eq(campaignStatusCounts.status, sql.placeholder('status')))
            .prepare('campaign_status_count'),
        ).execute({ status })
      : await countRows(
          db,
          `${list.name}:pinned_total`,
          () =>
            sql`select (coalesce((select ${campaignStatusCounts.n} from ${campaignStatusCounts}
              where ${campaignStatusCounts.status} = ${sql.placeholder('queue')}), 0)
              - (select count(*) from ${campaigns} where ${list.where} and ${campaigns.id} < ${sql.placeholder('after')}))::int as n`,
          { ...list.values, queue: status, after },
        );
  return Number(counted[0]?.n ?? 0);
}

/**
 * Media discovery: the campaigns a media user may see (campaign-visibility.ts), newest first,
 * read through campaign_audiences (one row per approved campaign and audience, kept by a trigger)
 * so a page costs what a page costs, not what the campaigns table costs (docs/performance.md):
 * - the page walks the audience's index backwards (index-only, `page[before]` pins its top); with
 *   `page[cursor]` it starts right below the previous page's last campaign (a seek, no offset);
 * - the exact total, without filters, sums the audience's per-day counters (one row per last day)
 *   and, when pinned, subtracts the few newer rows above the pin.
 *
 * `filter` narrows the list with conditions on `campaigns` (search, category, near a ZIP, dates):
 * the page and the total then keep the audience rows whose campaign matches (a semi-join), and the
 * visibility rule still comes from the audience (so a filter can never widen what a user sees).
 */
export async function pagedVisibleCampaigns(
  db: DbOrTx,
  viewer: MediaViewer,
  query: CampaignPageQuery,
  opts: { today: string; filter?: SQL; extra?: PageExtra },
): Promise<Paged<CampaignResource>> {
  const size = query['page[size]'];
  const page = query['page[number]'];
  if (viewer.tier === null) return { data: [], meta: pageMeta(page, size, 0) };
  const a = campaignAudiences;
  const audience = and(eq(a.mediaType, viewer.role), eq(a.tier, viewer.tier), gte(a.expiresOn, opts.today)) as SQL;
  const before = query['page[before]'];
  const cursor = query['page[cursor]'];
  const start = pageStart(query);
  // A filter is a semi-join on campaigns: `audience rows whose campaign matches`.
  const matching = opts.filter
    ? inArray(a.campaignId, db.select({ id: campaigns.id }).from(campaigns).where(opts.filter))
    : undefined;
  const where = and(audience, before !== undefined ? lte(a.campaignId, before) : undefined, matching);
  // Without a filter the statements' shapes are few (pinned or not, cursor or not): each is
  // prepared once per connection with its values as placeholders (issue 31). A filter's SQL varies
  // with its values (a ZIP's neighbours, a day's slots): it is built per request.
  const values = {
    ...opts.extra?.values,
    role: viewer.role,
    tier: viewer.tier,
    today: opts.today,
    before,
    cursor,
    limit: size,
    offset: start.offset,
  };
  const byOffset = (): { name: string | null; ids: () => SQL } =>
    matching
      ? {
          name: null,
          ids: () =>
            db
              .select({ id: a.campaignId })
              .from(a)
              .where(and(where, cursor !== undefined ? lt(a.campaignId, cursor) : undefined))
              .orderBy(desc(a.campaignId))
              .limit(size)
              .offset(start.offset)
              .getSQL(),
        }
      : {
          name: `discovery_page${before !== undefined ? ':before' : ''}${cursor !== undefined ? ':cursor' : ''}`,
          ids: () => audiencePage(db, before !== undefined, cursor !== undefined),
        };
  // The page in one statement: its ids, the campaigns and their related rows (and the extra
  // columns). A deep page of the whole audience (no filter, pin or cursor) seeks from its page mark
  // first.
  const pageRows = async () => {
    const marked = !matching && before === undefined && start.offset >= DISCOVERY_MARKS.every;
    const fromMark = marked
      ? await pageFromMark(db, viewer.role, viewer.tier!, opts.today, start.offset, size)
      : undefined;
    const { name, ids } = fromMark
      ? { name: 'campaigns_page_of_ids', ids: () => sql`select unnest(${sql.placeholder('ids')}::int[])` }
      : byOffset();
    const extraName = opts.extra ? `:${opts.extra.name}` : '';
    return campaignPage(
      db,
      name && name + extraName,
      ids,
      { ...values, ids: arrayParam(fromMark ?? []) },
      opts.extra?.columns,
    );
  };
  const [entries, total] = await Promise.all([
    pageRows(),
    matching
      ? db
          .select({ n: count() })
          .from(a)
          .where(where)
          .then(([r]) => Number(r?.n ?? 0))
      : visibleTotal(db, values),
  ]);
  const data = entries.map(({ row, related, raw }) => {
    const resource = campaignResourceOf(withEffectiveStatus(row, opts.today), related);
    return opts.extra ? opts.extra.decorate(resource, raw) : resource;
  });
  return { data, meta: pageMeta(page, size, total) };
}

/**
 * More columns on each campaign of a page (a media user's invitation): `columns` (placeholders
 * from `values`, the statement's name suffixed with `name`), then `decorate` adds them to the
 * resource.
 */
export interface PageExtra {
  name: string;
  columns: () => SQL;
  values: Record<string, unknown>;
  decorate: (resource: CampaignResource, raw: Record<string, unknown>) => CampaignResource;
}

/** An audience's condition on campaign_audiences with placeholders (role, tier, today). */
function audienceOf(a: typeof campaignAudiences | typeof campaignAudienceCounts): SQL {
  return and(
    eq(a.mediaType, sql.placeholder('role')),
    eq(a.tier, sql.placeholder('tier')),
    gte(a.expiresOn, sql.placeholder('today')),
  ) as SQL;
}

/** An unfiltered audience's page of campaign ids, newest first (pinned by `before`, after `cursor`). */
function audiencePage(db: DbOrTx, pinned: boolean, seek: boolean): SQL {
  const a = campaignAudiences;
  return db
    .select({ id: a.campaignId })
    .from(a)
    .where(
      and(
        audienceOf(a),
        pinned ? lte(a.campaignId, sql.placeholder('before')) : undefined,
        seek ? lt(a.campaignId, sql.placeholder('cursor')) : undefined,
      ),
    )
    .orderBy(desc(a.campaignId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .getSQL();
}

/**
 * The exact number of campaigns an audience sees today (at or below the pin), without a scan: the
 * audience's per-day counters, less (when pinned) the newer campaigns above the pin, in one
 * statement.
 */
async function visibleTotal(
  db: DbOrTx,
  values: { role: MediaViewer['role']; tier: number; today: string; before: number | undefined },
): Promise<number> {
  const c = campaignAudienceCounts;
  const a = campaignAudiences;
  const counted =
    values.before === undefined
      ? await preparedOn(db, 'discovery_total', (on) =>
          on
            .select({ n: sql<string | null>`sum(${c.n})` })
            .from(c)
            .where(audienceOf(c))
            .prepare('discovery_total'),
        ).execute(values)
      : await countRows(
          db,
          'discovery_pinned_total',
          () =>
            sql`select ((select coalesce(sum(${c.n}), 0) from ${c} where ${audienceOf(c)})
              - (select count(*) from ${a} where ${audienceOf(a)} and ${a.campaignId} > ${sql.placeholder('before')}))::int as n`,
          values,
        );
  return Number(counted[0]?.n ?? 0);
}

/**
 * Page marks of discovery (discovery_page_marks): the campaign id at every `every`th position of
 * an audience's list, for one day and one version of the audience (campaign_audience_versions,
 * bumped by a trigger in the transaction of any change), so page N seeks from the mark at or
 * before its offset and skips fewer than `every` index entries, instead of the whole offset.
 * Marks are built on demand, in one statement over the audience's index, the first time a deep
 * page is asked after a change or on a new day. Tests lower `every`.
 */
export const DISCOVERY_MARKS = { every: 500 };

/**
 * The ids of the page at `offset`, sought from its mark (none past the list's end); undefined when
 * the audience has no marks of its current version and none could be built (a list shorter than
 * `every`: the caller then walks the offset). The mark, its
 * version and the page are read in one statement, so one snapshot: a page is never read from a
 * mark of another version of the list.
 */
async function pageFromMark(
  db: DbOrTx,
  role: MediaViewer['role'],
  tier: number,
  today: string,
  offset: number,
  size: number,
): Promise<number[] | undefined> {
  const every = DISCOVERY_MARKS.every;
  // A mark's position is its row number in the list (1-based): the page skips what lies past it.
  const position = Math.floor(offset / every) * every;
  // One statement for every audience and page, prepared once per connection (issue 31).
  const statement = preparedSql(db, 'discovery_page_from_mark', () => {
    const [role, tier, today] = [sql.placeholder('role'), sql.placeholder('tier'), sql.placeholder('today')];
    const [every, position] = [sql.placeholder('every'), sql.placeholder('position')];
    return sql`
      with marks as (
        select m.campaign_id, m.position from ${discoveryPageMarks} m
        join ${campaignAudienceVersions} v on v.media_type = m.media_type and v.tier = m.tier and v.version = m.version
        where m.media_type = ${role} and m.tier = ${tier} and m.day = ${today}::date
          and m.position in (${every}::int, ${position}::int))
      select (select campaign_id from marks where position = ${position}::int) as mark,
        exists (select 1 from marks where position = ${every}::int) as built,
        page.id
      from (select 1) one
      left join lateral (
        select a.campaign_id as id from ${campaignAudiences} a
        where a.media_type = ${role} and a.tier = ${tier} and a.expires_on >= ${today}::date
          and a.campaign_id < (select campaign_id from marks where position = ${position}::int)
        order by a.campaign_id desc
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('skip')}
      ) page on true`;
  });
  const read = async () => {
    const result = await statement.execute({
      role,
      tier,
      today,
      every,
      position,
      limit: size,
      skip: offset - position,
    });
    const rows = rowsOf<{ mark: number | null; built: boolean; id: number | null }>(result);
    // Marks are built all at once: with the first one there, a missing one lies past the list's end.
    if (rows[0]?.mark == null) return rows[0]?.built ? [] : undefined;
    return rows.filter((r) => r.id !== null).map((r) => Number(r.id));
  };
  const found = await read();
  if (found) return found;
  await buildMarks(db, role, tier, today, every);
  return read();
}

/**
 * The audience's marks for today at its current version, in one statement (one snapshot of the
 * rows and the version); marks of other days or versions go. Two builders at once write the same
 * rows (`on conflict do nothing`).
 */
async function buildMarks(db: DbOrTx, role: MediaViewer['role'], tier: number, today: string, every: number) {
  const version = sql`(select v.version from ${campaignAudienceVersions} v where v.media_type = ${role} and v.tier = ${tier})`;
  await db.execute(sql`
    delete from ${discoveryPageMarks}
    where media_type = ${role} and tier = ${tier} and (day <> ${today} or version is distinct from ${version})`);
  await db.execute(sql`
    insert into ${discoveryPageMarks} (media_type, tier, day, version, position, campaign_id)
    select ${role}, ${tier}, ${today}::date, ver.version, x.rn, x.campaign_id
    from (
      select a.campaign_id, row_number() over (order by a.campaign_id desc) as rn
      from ${campaignAudiences} a
      where a.media_type = ${role} and a.tier = ${tier} and a.expires_on >= ${today}
    ) x
    cross join (select ${version} as version) ver
    where x.rn % ${every} = 0 and ver.version is not null
    on conflict do nothing`);
}
