import type { AppContext } from '../../context';
import { renewDueSubscriptions } from './renewals';

export const RENEW_SUBSCRIPTIONS_JOB = 'renew-subscriptions';

/** Local provider: charges the subscriptions whose period has ended, once an hour (the hosted provider renews itself). */
export function registerSubscriptionJobs(ctx: AppContext): void {
  if (ctx.config.payment.provider !== 'local') return;
  ctx.jobs.every(RENEW_SUBSCRIPTIONS_JOB, 3600_000, async () => {
    await renewDueSubscriptions(ctx);
  });
}
