import type { AppContext } from './context';
import { createMailSender } from './modules/mail/mail.sender';
import { SEND_MAIL_JOB } from './modules/mail/mail.service';
import { registerAuthJobs } from './modules/auth/auth.jobs';
import { registerBookingJobs } from './modules/bookings/bookings.jobs';
import { registerCampaignJobs } from './modules/campaigns/campaigns.jobs';
import { registerSubscriptionJobs } from './modules/subscriptions/subscriptions.jobs';
import { pruneCounters } from './plugins/rate-limit';

/** Every job this node can run; each feature registers its own. */
export function registerJobs(ctx: AppContext): void {
  ctx.jobs.register(SEND_MAIL_JOB, createMailSender(ctx));
  ctx.jobs.every('housekeeping', 3600_000, async () => {
    await pruneCounters(ctx.db, ctx.clock.now());
    await ctx.jobs.prune();
  });
  registerAuthJobs(ctx);
  registerCampaignJobs(ctx);
  registerBookingJobs(ctx);
  registerSubscriptionJobs(ctx);
}
