import { and, asc, count, desc, gte, lte } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { pageQuerySchema } from '@comped/shared/paging';
import type { Paged } from '@comped/shared/paging';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema';
import { serializeCampaigns } from '../campaigns/campaign.serializer';
import { withEffectiveStatus } from '../campaigns/campaign-expiry';
import { pageMeta, pageOffset } from '../../lib/paging';

/**
 * Campaign lists are ordered by id, newest first (ids only grow, so the order is total and stable).
 * Plain `page[number]` paging would shift later pages when a campaign is added between two reads,
 * so a client may pin the list with `page[before]`: the id of the first item of page 1. Every page
 * is then computed over the campaigns with `id <= page[before]`, and a newer campaign shows up only
 * when the client starts again from page 1. Without `page[before]` it is ordinary offset paging.
 * (Oldest-first lists, such as the staff review queue, pin with `page[after]` the same way.)
 */
export const campaignPageQuerySchema = pageQuerySchema.extend({
  'page[before]': z.coerce.number().int().min(1).optional(),
  'page[after]': z.coerce.number().int().min(1).optional(),
});
export type CampaignPageQuery = z.output<typeof campaignPageQuerySchema>;

export async function pagedCampaigns(
  db: DbOrTx,
  where: SQL | undefined,
  query: CampaignPageQuery,
  opts: { today: string; order?: 'newest' | 'oldest' },
): Promise<Paged<CampaignResource>> {
  const size = query['page[size]'];
  const page = query['page[number]'];
  const oldestFirst = opts.order === 'oldest';
  const bound = oldestFirst
    ? query['page[after]'] !== undefined
      ? gte(campaigns.id, query['page[after]'])
      : undefined
    : query['page[before]'] !== undefined
      ? lte(campaigns.id, query['page[before]'])
      : undefined;
  const condition = and(where, bound);
  const [totalRow] = await db.select({ n: count() }).from(campaigns).where(condition);
  const total = Number(totalRow?.n ?? 0);
  const rows = await db
    .select()
    .from(campaigns)
    .where(condition)
    .orderBy(oldestFirst ? asc(campaigns.id) : desc(campaigns.id))
    .limit(size)
    .offset(pageOffset(page, size));
  const data = await serializeCampaigns(
    db,
    rows.map((r) => withEffectiveStatus(r, opts.today)),
  );
  return {
    data,
    meta: pageMeta(page, size, total),
  };
}
