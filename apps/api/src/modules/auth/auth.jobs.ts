import type { AppContext } from '../../context';
import { PASSWORD_RESET_JOB, sendPasswordReset } from './reset-password';

/** Password resets asked for by POST resetpassword, done after the answer (reset-password.ts). */
export function registerAuthJobs(ctx: AppContext): void {
  ctx.jobs.register(PASSWORD_RESET_JOB, async (payload) => {
    if (typeof payload.email === 'string') await sendPasswordReset(ctx, payload.email);
  });
}
