import type { Paged } from '@comped/shared/paging';
import { pageCursorQuerySchema } from '@comped/shared/paging';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import type { SQL } from 'drizzle-orm';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';

import type { DbOrTx } from '../../db/client';
import { campaignAudienceCounts, campaignAudiences, campaigns, campaignStatusCounts } from '../../db/schema';
import { pageMeta, pageStart } from '../../lib/paging';
import { withEffectiveStatus } from './campaign-expiry';
import type { MediaViewer } from './campaign-visibility';
import { toCampaignResources } from './campaigns.serializer';

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
 * A campaign list by id. `queue` names a list that is exactly "every campaign not deleted with this
 * stored status" (the staff review queue): its total then comes from campaign_status_counts (minus
 * the few queued campaigns before an oldest-first pin) instead of counting the queue. The page is
 * read as ids first (index-only on `campaigns_status_id_idx` for a status list), then the rows.
 */
export async function pagedCampaigns(
  db: DbOrTx,
  where: SQL | undefined,
  query: CampaignPageQuery,
  opts: { today: string; order?: 'newest' | 'oldest'; queue?: string },
): Promise<Paged<CampaignResource>> {
  const size = query['page[size]'];
  const page = query['page[number]'];
  const cursor = query['page[cursor]'];
  const start = pageStart(query);
  const oldestFirst = opts.order === 'oldest';
  const pin = oldestFirst ? query['page[after]'] : query['page[before]'];
  const bound = pin === undefined ? undefined : oldestFirst ? gte(campaigns.id, pin) : lte(campaigns.id, pin);
  const condition = and(where, bound);
  const seek = cursor === undefined ? undefined : oldestFirst ? gt(campaigns.id, cursor) : lt(campaigns.id, cursor);
  const [idRows, total] = await Promise.all([
    db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(condition, seek))
      .orderBy(oldestFirst ? asc(campaigns.id) : desc(campaigns.id))
      .limit(size)
      .offset(start.offset),
    opts.queue !== undefined && (oldestFirst || pin === undefined)
      ? queueTotal(db, opts.queue, where, pin)
      : db
          .select({ n: count() })
          .from(campaigns)
          .where(condition)
          .then(([r]) => Number(r?.n ?? 0)),
  ]);
  const ids = idRows.map((r) => r.id);
  const rows = ids.length
    ? await db
        .select()
        .from(campaigns)
        .where(inArray(campaigns.id, ids))
        .orderBy(oldestFirst ? asc(campaigns.id) : desc(campaigns.id))
    : [];
  const data = await toCampaignResources(
    db,
    rows.map((r) => withEffectiveStatus(r, opts.today)),
  );
  return {
    data,
    meta: pageMeta(page, size, total),
  };
}

/** A status queue's exact total from its counter row, less the queued campaigns before the pin. */
async function queueTotal(db: DbOrTx, status: string, where: SQL | undefined, after: number | undefined) {
  return counterLessPinned(
    db.select({ n: campaignStatusCounts.n }).from(campaignStatusCounts).where(eq(campaignStatusCounts.status, status)),
    after === undefined
      ? undefined
      : db
          .select({ n: count() })
          .from(campaigns)
          .where(and(where, lt(campaigns.id, after))),
  );
}

/**
 * A total kept by a counter, less the rows that came in on the far side of the page's pin (none
 * without a pin): both reads at once, so a total costs two index lookups, never a scan.
 */
async function counterLessPinned(
  counter: PromiseLike<{ n: unknown }[]>,
  pastPin: PromiseLike<{ n: unknown }[]> | undefined,
): Promise<number> {
  const [all, past] = await Promise.all([counter, pastPin ?? [{ n: 0 }]]);
  return Number(all[0]?.n ?? 0) - Number(past[0]?.n ?? 0);
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
  opts: { today: string; filter?: SQL },
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

  const [idRows, total] = await Promise.all([
    db
      .select({ id: a.campaignId })
      .from(a)
      .where(and(where, cursor !== undefined ? lt(a.campaignId, cursor) : undefined))
      .orderBy(desc(a.campaignId))
      .limit(size)
      .offset(start.offset),
    matching
      ? db
          .select({ n: count() })
          .from(a)
          .where(where)
          .then(([r]) => Number(r?.n ?? 0))
      : visibleTotal(db, viewer.role, viewer.tier, opts.today, audience, before),
  ]);
  const ids = idRows.map((r) => r.id);
  const rows = ids.length
    ? await db.select().from(campaigns).where(inArray(campaigns.id, ids)).orderBy(desc(campaigns.id))
    : [];
  const data = await toCampaignResources(
    db,
    rows.map((r) => withEffectiveStatus(r, opts.today)),
  );
  return { data, meta: pageMeta(page, size, total) };
}

/** The exact number of campaigns an audience sees today (at or below the pin), without a scan. */
async function visibleTotal(
  db: DbOrTx,
  role: MediaViewer['role'],
  tier: number,
  today: string,
  audience: SQL,
  before: number | undefined,
): Promise<number> {
  const c = campaignAudienceCounts;
  return counterLessPinned(
    db
      .select({ n: sql<string | null>`sum(${c.n})` })
      .from(c)
      .where(and(eq(c.mediaType, role), eq(c.tier, tier), gte(c.expiresOn, today))),
    before === undefined
      ? undefined
      : db
          .select({ n: count() })
          .from(campaignAudiences)
          .where(and(audience, gt(campaignAudiences.campaignId, before))),
  );
}
