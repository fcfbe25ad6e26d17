import type { CampaignStatus } from '@comped/shared/statuses';
import type { SQL } from 'drizzle-orm';
import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaigns } from '../../db/schema';
import { approvedButPast, campaignToday } from '../campaigns/campaign-expiry';
import type { CampaignPageQuery } from '../campaigns/campaign-paging';
import { pagedCampaigns } from '../campaigns/campaign-paging';

/** A brand's tab as SQL, with expiry applied on read (an approved campaign past its day is expired). */
function brandStatusCondition(statuses: CampaignStatus[], today: string): SQL | undefined {
  if (statuses.length === 0) return undefined;
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
  const where = and(eq(campaigns.brandId, brandId), isNull(campaigns.deletedAt), brandStatusCondition(statuses, today));
  // The condition carries its values (the brand, the day): its statements are built per request.
  return pagedCampaigns(ctx.db, { name: null, where: where as SQL, values: {} }, query, { today });
}
