import type { Paged } from '@comped/shared/paging';
import type { ContentItemResource } from '@comped/shared/schemas/directory';
import { addDays } from '@comped/shared/time';
import type { ContentQuery } from '@comped/shared/validation/directory';
import type { Placeholder, SQL } from 'drizzle-orm';
import { and, eq, gte, lt, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { fromDriver, preparedSql } from '../../db/prepared';
import { campaigns, contentItems, users } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { pageMeta, pageOffset } from '../../lib/paging';
import { toContentItemResource } from './content.serializer';

/** The first instant of `day` in UTC, as PostgreSQL reads a timestamp. */
function startOfUtcDay(day: string): string {
  return `${day}T00:00:00Z`;
}

/**
 * The library's condition with placeholders, `values` holding theirs: one `shape` per set of
 * filters present (never their values), so each view is prepared once per connection (issue 31).
 * `from` and `to` are days (UTC), both included.
 */
function contentFilter(brandId: number, q: Omit<ContentQuery, 'page[number]' | 'page[size]'>) {
  const parts: SQL[] = [eq(contentItems.brandId, sql.placeholder('brand'))];
  const values: Record<string, unknown> = { brand: brandId };
  const shape: string[] = [];
  // A filter present: its condition on a placeholder named `key`, and the value for it.
  const filter = (key: string, condition: (value: Placeholder) => SQL, value: unknown) => {
    parts.push(condition(sql.placeholder(key)));
    values[key] = value;
    shape.push(key);
  };
  const campaignId = q['filter[campaign_id]'];
  if (campaignId !== undefined) filter('campaign', (v) => eq(contentItems.campaignId, v), campaignId);
  if (q['filter[type]']) filter('type', (v) => eq(contentItems.type, v), q['filter[type]']);
  if (q['filter[network]']) filter('network', (v) => eq(contentItems.network, v), q['filter[network]']);
  if (q['filter[favourite]']) filter('favourite', (v) => eq(contentItems.favourite, v), true);
  if (q.from) filter('from', (v) => gte(contentItems.deliveredAt, v), startOfUtcDay(q.from));
  if (q.to) filter('to', (v) => lt(contentItems.deliveredAt, v), startOfUtcDay(addDays(q.to, 1)));
  return { where: and(...parts) as SQL, values, shape: shape.join('+') || 'all' };
}

/**
 * A page of the library's view and the view's total, in one statement: the total joined to the
 * page's rows with their creator's and campaign's names (none past the last page), prepared once
 * per connection and shape.
 */
async function contentView(db: DbOrTx, filter: ReturnType<typeof contentFilter>, limit: number, offset: number) {
  const statement = preparedSql(
    db,
    `content_page_total:${filter.shape}`,
    () => sql`select t.n as counted_total, p.* from (select count(*)::int as n from ${contentItems} where ${filter.where}) t
      left join lateral (
        select ${contentItems}.*, ${users.name} as creator_name, ${campaigns.name} as campaign_name
        from ${contentItems}
        inner join ${users} on ${users.id} = ${contentItems.userId}
        inner join ${campaigns} on ${campaigns.id} = ${contentItems.campaignId}
        where ${filter.where}
        order by ${contentItems.deliveredAt} desc, ${contentItems.id} desc
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
      ) p on true
      order by p.delivered_at desc, p.id desc`,
  );
  const raw = rowsOf<Record<string, unknown>>(await statement.execute({ ...filter.values, limit, offset }));
  return {
    total: Number(raw[0]?.counted_total ?? 0),
    rows: raw
      .filter((r) => r.id !== null)
      .map((r) => {
        const item = fromDriver(contentItems, r);
        return {
          item,
          creator: { id: item.userId, name: String(r.creator_name) },
          campaign: { id: item.campaignId, name: String(r.campaign_name) },
        };
      }),
  };
}

/** GET brands/{id}/content: every delivered post and story of the brand, newest first. */
export async function listContent(db: DbOrTx, brandId: number, q: ContentQuery): Promise<Paged<ContentItemResource>> {
  const page = q['page[number]'];
  const size = q['page[size]'];
  const view = await contentView(db, contentFilter(brandId, q), size, pageOffset(page, size));
  return {
    data: view.rows.map((r) => toContentItemResource(r.item, r.creator, r.campaign)),
    meta: pageMeta(page, size, view.total),
  };
}

export const CONTENT_CSV_COLUMNS = [
  'delivered_at',
  'creator',
  'campaign',
  'type',
  'network',
  'url',
  'link_checked',
  'favourite',
  'organic',
  'ads',
  'website',
  'rights_until',
] as const;

/** GET brands/{id}/content.csv: the filtered library, a row per item, read in pages of 500. */
export async function* contentCsvRows(db: DbOrTx, brandId: number, q: ContentQuery) {
  const filter = contentFilter(brandId, q);
  for (let offset = 0; ; offset += 500) {
    const { rows } = await contentView(db, filter, 500, offset);
    for (const r of rows) {
      const rights = r.item.rights;
      yield {
        delivered_at: r.item.deliveredAt,
        creator: r.creator.name,
        campaign: r.campaign.name,
        type: r.item.type,
        network: r.item.network,
        url: r.item.url,
        link_checked: r.item.checked,
        favourite: r.item.favourite,
        organic: rights?.organic ?? false,
        ads: rights?.ads ?? false,
        website: rights?.website ?? false,
        rights_until: rights?.expires_on ?? '',
      };
    }
    if (rows.length < 500) return;
  }
}
