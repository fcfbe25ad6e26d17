import type { DbOrTx } from '../../db/client';
import type { MailAttachment } from '../../db/schema';
import { mailOutbox } from '../../db/schema';
import { enqueue } from '../../jobs/queue';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export const SEND_MAIL_JOB = 'send-mail';

/**
 * Puts a mail in the outbox. Call it with the transaction of the change that causes the mail:
 * the mail exists exactly when the change was committed, and the job sends it afterwards.
 */
export async function queueMail(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: mail.replyTo,
      attachments: mail.attachments ?? [],
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  await enqueue(tx, SEND_MAIL_JOB, { mailId: row.id }, { maxAttempts: 8 });
  return row.id;
}
