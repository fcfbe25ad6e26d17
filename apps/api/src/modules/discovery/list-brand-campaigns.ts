import type { CampaignStatus } from '@comped/shared/statuses';
import type { SQL } from 'drizzle-orm';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaigns } from '../../db/schema';
import { approvedButPast, campaignToday } from '../campaigns/campaign-expiry';
import type { CampaignPageQuery } from '../campaigns/campaign-paging';
import { pagedCampaigns } from '../campaigns/campaign-paging';

/**
 * A brand's tab as SQL, with expiry applied on read (an approved campaign past its day is expired).
 * The statuses are the tab's shape, the day a placeholder.
 */
function brandStatusCondition(statuses: readonly CampaignStatus[]): SQL | undefined {
  if (statuses.length === 0) return undefined;
  const today = sql.placeholder('today');
  const parts: (SQL | undefined)[] = [];
  const plain = statuses.filter((s): s is 'draft' | 'review' => s === 'draft' || s === 'review');
  if (plain.length) parts.push(inArray(campaigns.status, plain));
  if (statuses.includes('approved')) {
    parts.push(and(eq(campaigns.status, 'approved'), or(isNull(campaigns.expiresOn), gte(campaigns.expiresOn, today))));
  }
  if (statuses.includes('expired')) parts.push(or(eq(campaigns.status, 'expired'), approvedButPast(today)));
  return or(...parts);
}

/** GET brands/{id}/campaigns: the brand's campaigns of a tab (filter[status]), paged. */
export async function listBrandCampaigns(
  ctx: AppContext,
  brandId: number,
  statuses: CampaignStatus[],
  query: CampaignPageQuery,
) {
  const today = campaignToday(ctx);
  // One shape per set of statuses (a tab), the brand and the day as placeholders: each shape is
  // prepared once per connection.
  const tab = [...new Set(statuses)].sort();
  const where = and(
    eq(campaigns.brandId, sql.placeholder('brand')),
    isNull(campaigns.deletedAt),
    brandStatusCondition(tab),
  ) as SQL;
  return pagedCampaigns(
    ctx.db,
    { name: `brand_campaigns:${tab.join('+') || 'all'}`, where, values: { brand: brandId, today } },
    query,
    { today },
  );
}
