import type { AppContext } from '../../context';
import { campaignToday, expireCampaigns } from './campaign-expiry';

export const EXPIRE_CAMPAIGNS_JOB = 'campaigns-expire';
/** Reads apply expiry too, so the job only has to keep the stored status tidy. */
export const EXPIRE_EVERY_MS = 5 * 60_000;

export function registerCampaignJobs(ctx: AppContext): void {
  ctx.jobs.every(EXPIRE_CAMPAIGNS_JOB, EXPIRE_EVERY_MS, async () => {
    await expireCampaigns(ctx.db, campaignToday(ctx), ctx.clock.now());
  });
}
