import type { AppContext } from './context';
import { registerAuthJobs } from './modules/auth/auth.jobs';
import { registerBookingJobs } from './modules/bookings/bookings.jobs';
import { registerCampaignJobs } from './modules/campaigns/campaigns.jobs';
import { registerConversationJobs } from './modules/conversations/conversations.jobs';
import { registerMailJobs } from './modules/mail/mail.jobs';
import { registerPushJobs } from './modules/push/push.jobs';
import { registerSubscriptionJobs } from './modules/subscriptions/subscriptions.jobs';
import { pruneCounters } from './plugins/rate-limit';

/**
 * Every job this node can run: each module registers its own in its `<module>.jobs.ts`
 * (`register<Module>Jobs(ctx)`), called once here; the housekeeping of the platform stays here.
 */
export function registerJobs(ctx: AppContext): void {
  registerMailJobs(ctx);
  ctx.jobs.every('housekeeping', 3600_000, async () => {
    await pruneCounters(ctx.db, ctx.clock.now());
    await ctx.jobs.prune();
  });
  registerAuthJobs(ctx);
  registerCampaignJobs(ctx);
  registerBookingJobs(ctx);
  registerSubscriptionJobs(ctx);
  registerPushJobs(ctx);
  registerConversationJobs(ctx);
}
