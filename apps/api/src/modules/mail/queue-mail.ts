import { sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import type { MailAttachment } from '../../db/schema';
import { jobs, mailOutbox } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /**
   * Secrets written into the mail (an initial or temporary password, a check-in code): named here by the code that
   * builds the mail, never guessed from its text. The staff Outbox shows them masked, and the stored
   * text is masked once the mail is sent (`maskSecrets`).
   */
  secrets?: string[];
}

export const SEND_MAIL_JOB = 'send-mail';

/**
 * Puts a mail in the outbox. Call it with the transaction of the change that causes the mail:
 * the mail exists exactly when the change was committed, and the job sends it afterwards.
 */
export async function queueMail(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
  // The mail and its send job (as enqueue() makes it: due at once, 8 attempts) in one statement,
  // built once per connection (db/prepared.ts): every booking write queues one.
  const statement = preparedSql(tx, 'queue_mail', () => {
    const insert = tx
      .insert(mailOutbox)
      .values({
        to: sql.placeholder('to'),
        subject: sql.placeholder('subject'),
        text: sql.placeholder('text'),
        html: sql.placeholder('html'),
        replyTo: sql.placeholder('replyTo'),
        attachments: sql.placeholder('attachments'),
        secrets: sql.placeholder('secrets'),
      })
      .returning({ id: mailOutbox.id });
    return sql`with mail as ${insert}
      insert into ${jobs} (name, payload, run_at, max_attempts)
      select ${SEND_MAIL_JOB}, jsonb_build_object('mailId', mail.id), 'epoch'::timestamptz, 8 from mail
      returning (payload->>'mailId')::int as mail_id`;
  });
  const result = await statement.execute({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    replyTo: mail.replyTo ?? null,
    attachments: mail.attachments ?? [],
    secrets: (mail.secrets ?? []).filter((s) => s.length > 0),
  });
  const row = rowsOf<{ mail_id: number }>(result)[0];
  if (!row) throw new Error('outbox insert returned nothing');
  return Number(row.mail_id);
}
