import type { AppContext } from '../../context';
import { createMailSender } from './mail.sender';
import { SEND_MAIL_JOB } from './queue-mail';

/** The outbox's job: each queued mail is sent once (mail.sender.ts). */
export function registerMailJobs(ctx: AppContext): void {
  ctx.jobs.register(SEND_MAIL_JOB, createMailSender(ctx));
}
