import type { Paged } from '@comped/shared/paging';
import type { ContentItemResource } from '@comped/shared/schemas/directory';
import type { ContentQuery } from '@comped/shared/validation/directory';
import type { SQL } from 'drizzle-orm';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { campaigns, contentItems, users } from '../../db/schema';
import { pageMeta, pageOffset } from '../../lib/paging';
import { toContentItemResource } from './content.serializer';

/** `from` and `to` are days (UTC), both included. */
function nextDay(day: string): Date {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

export function contentCondition(brandId: number, q: Omit<ContentQuery, 'page[number]' | 'page[size]'>): SQL {
  return and(
    eq(contentItems.brandId, brandId),
    q['filter[campaign_id]'] !== undefined ? eq(contentItems.campaignId, q['filter[campaign_id]']) : undefined,
    q['filter[type]'] ? eq(contentItems.type, q['filter[type]']) : undefined,
    q['filter[network]'] ? eq(contentItems.network, q['filter[network]']) : undefined,
    q['filter[favourite]'] ? eq(contentItems.favourite, true) : undefined,
    q.from ? gte(contentItems.deliveredAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(contentItems.deliveredAt, nextDay(q.to)) : undefined,
  ) as SQL;
}

function contentSelect(db: DbOrTx, where: SQL) {
  return db
    .select({
      item: contentItems,
      creator: { id: users.id, name: users.name },
      campaign: { id: campaigns.id, name: campaigns.name },
    })
    .from(contentItems)
    .innerJoin(users, eq(users.id, contentItems.userId))
    .innerJoin(campaigns, eq(campaigns.id, contentItems.campaignId))
    .where(where)
    .orderBy(desc(contentItems.deliveredAt), desc(contentItems.id));
}

/** GET brands/{id}/content: every delivered post and story of the brand, newest first. */
export async function listContent(db: DbOrTx, brandId: number, q: ContentQuery): Promise<Paged<ContentItemResource>> {
  const page = q['page[number]'];
  const size = q['page[size]'];
  const filtered =
    q['filter[campaign_id]'] !== undefined ||
    !!q['filter[type]'] ||
    !!q['filter[network]'] ||
    !!q['filter[favourite]'] ||
    !!q.from ||
    !!q.to;
  // The library as it opens (no filter) is prepared once per connection (issue 31); a filtered one
  // (up to 64 shapes) is built per request.
  const [rows, [total]] = filtered
    ? await Promise.all([
        contentSelect(db, contentCondition(brandId, q)).limit(size).offset(pageOffset(page, size)),
        db.select({ n: count() }).from(contentItems).where(contentCondition(brandId, q)),
      ])
    : await Promise.all([
        preparedOn(db, 'content_page', (on) =>
          contentSelect(on, eq(contentItems.brandId, sql.placeholder('brand')))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .prepare('content_page'),
        ).execute({ brand: brandId, limit: size, offset: pageOffset(page, size) }),
        preparedOn(db, 'content_total', (on) =>
          on
            .select({ n: count() })
            .from(contentItems)
            .where(eq(contentItems.brandId, sql.placeholder('brand')))
            .prepare('content_total'),
        ).execute({ brand: brandId }),
      ]);
  return {
    data: rows.map((r) => toContentItemResource(r.item, r.creator, r.campaign)),
    meta: pageMeta(page, size, Number(total?.n ?? 0)),
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
  const where = contentCondition(brandId, q);
  for (let offset = 0; ; offset += 500) {
    const rows = await contentSelect(db, where).limit(500).offset(offset);
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
