import type { CampaignStatus } from '@comped/shared/statuses';
import type { SQL } from 'drizzle-orm';
import { and, eq, isNull, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaigns } from '../../db/schema';
import { campaignToday } from './campaign-expiry';
import type { CampaignPageQuery } from './campaign-paging';
import { pagedCampaigns } from './campaign-paging';

/**
 * GET admin/campaigns (staff): campaigns of one status, oldest first. The review queue is first
 * come, first served; its total is the status's counter row.
 */
export async function listCampaignsByStatus(ctx: AppContext, status: CampaignStatus, query: CampaignPageQuery) {
  const today = campaignToday(ctx);
  const where = and(eq(campaigns.status, sql.placeholder('status')), isNull(campaigns.deletedAt)) as SQL;
  return pagedCampaigns(ctx.db, { name: 'status_queue', where, values: { status } }, query, {
    today,
    order: 'oldest',
    queue: status,
  });
}
