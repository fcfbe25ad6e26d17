import type { AppContext } from '../../context';
import { deliverPush } from './deliver-push';
import { PUSH_DELIVER_JOB, PUSH_SEND_JOB, pushMessageSchema } from './push-message';
import { pushDeliverySchema, sendPush } from './send-push';

/** The push jobs (register-jobs.ts): fan a notification out to the user's browsers, then deliver to each. */
export function registerPushJobs(ctx: AppContext): void {
  ctx.jobs.register(PUSH_SEND_JOB, (payload) => sendPush(ctx, pushMessageSchema.parse(payload)));
  ctx.jobs.register(PUSH_DELIVER_JOB, (payload, job) =>
    deliverPush(ctx, pushDeliverySchema.parse(payload), job.signal, ctx.jobs.log),
  );
}
