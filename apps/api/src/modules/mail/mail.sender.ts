import fs from 'node:fs';
import path from 'node:path';

import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SendMailOptions, Transporter } from 'nodemailer';
import nodemailer from 'nodemailer';

import type { AppContext } from '../../context';
import { mailOutbox } from '../../db/schema';
import type { JobContext } from '../../jobs/queue';
import { RetryLater } from '../../jobs/queue';
import { maskSecrets } from './mask-secrets';

/**
 * Sends one outbox mail, at most once as far as this side controls it:
 * - the row moves from queued to `sending` under a lease (`locked_until`, database clock) in one
 *   statement, so of two live nodes only one gets it; the lease is renewed while the SMTP call runs;
 * - a row left `sending` by a node that died is taken again once its lease has run out;
 * - the `Message-ID` is derived from the row, so a retried send after a crash carries the same id and
 *   the receiving side can recognise it; the file transport writes the same file again;
 * - it becomes `sent` only after the transport accepted it; a failed send goes back to queued for
 *   the job's retry.
 */
export function createMailSender(ctx: AppContext) {
  const transport = createTransport(ctx);
  const leaseInterval = sql`now() + ${ctx.jobs.leaseMs}::int8 * interval '1 millisecond'`;
  return async function sendMail(payload: Record<string, unknown>, job: JobContext): Promise<void> {
    const mailId = Number(payload.mailId);
    const holder = job.holder;
    const [mail] = await ctx.db
      .update(mailOutbox)
      .set({
        status: 'sending',
        lockedUntil: leaseInterval,
        lockedBy: holder,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(
        and(
          eq(mailOutbox.id, mailId),
          or(
            eq(mailOutbox.status, 'queued'),
            and(
              eq(mailOutbox.status, 'sending'),
              or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`)),
            ),
          ),
        ),
      )
      .returning();
    if (!mail) {
      const [other] = await ctx.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, mailId));
      // Another live node holds it: try again after its lease (it will be sent or handed back).
      if (other?.status === 'sending') throw new RetryLater(`mail ${mailId} is being sent by another node`);
      return; // sent already (or gone): never twice
    }
    const mine = and(eq(mailOutbox.id, mail.id), eq(mailOutbox.lockedBy, holder), eq(mailOutbox.status, 'sending'));
    if (job.signal.aborted) {
      // This node is stopping before the send began: hand the mail back untouched.
      await ctx.db
        .update(mailOutbox)
        .set({ status: 'queued', lockedUntil: null, lockedBy: null, attempts: mail.attempts - 1 })
        .where(mine);
      throw new Error('shutting down');
    }
    const heartbeat = setInterval(
      () => {
        ctx.db
          .update(mailOutbox)
          .set({ lockedUntil: leaseInterval })
          .where(mine)
          .catch(() => undefined);
      },
      Math.max(50, Math.floor(job.leaseMs / 3)),
    );
    let info: { messageId: string };
    try {
      info = await transport.send(
        {
          from: ctx.config.mailFrom,
          to: mail.to,
          replyTo: mail.replyTo ?? undefined,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          messageId: stableMessageId(mail.id, mail.createdAt),
          date: mail.createdAt,
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
            ...(a.encoding ? { encoding: a.encoding } : {}),
            ...(a.cid ? { cid: a.cid } : {}),
          })),
        },
        mail.id,
      );
    } catch (err) {
      clearInterval(heartbeat);
      const message = err instanceof Error ? err.message : String(err);
      await ctx.db
        .update(mailOutbox)
        .set({ status: 'queued', lastError: message, lockedUntil: null, lockedBy: null })
        .where(mine);
      throw err;
    }
    clearInterval(heartbeat);
    // The transport took it: record that even if the database blinks now, or a retry would send it again.
    // The same write masks the secrets it carried: the delivered copy is the only readable one left.
    const masked =
      mail.secrets.length > 0
        ? {
            text: maskSecrets(mail.text, mail.secrets),
            html: mail.html === null ? null : maskSecrets(mail.html, mail.secrets),
            secrets: [],
          }
        : {};
    const sent = {
      ...masked,
      status: 'sent' as const,
      sentAt: ctx.clock.now(),
      messageId: info.messageId,
      lastError: null,
      lockedUntil: null,
      lockedBy: null,
    };
    const deadline = Date.now() + job.leaseMs / 2;
    for (;;) {
      try {
        await ctx.db.update(mailOutbox).set(sent).where(mine);
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  };
}

/** The same for every try of one mail, and unique per mail. */
export function stableMessageId(id: number, createdAt: Date): string {
  return `<mail-${id}-${createdAt.getTime()}@comped.app>`;
}

interface MailTransport {
  send(message: SendMailOptions, id: number): Promise<{ messageId: string }>;
}

function createTransport(ctx: AppContext): MailTransport {
  if (ctx.config.mailUrl) {
    const smtp: Transporter = nodemailer.createTransport(ctx.config.mailUrl);
    return { send: async (m) => ({ messageId: (await smtp.sendMail(m)).messageId }) };
  }
  // No SMTP server configured: each message becomes an .eml file under DATA_DIR/mail.
  const stream: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (m, id) => {
      const info = await stream.sendMail(m);
      await fs.promises.mkdir(ctx.config.mailDir, { recursive: true });
      const file = path.join(ctx.config.mailDir, `${String(id).padStart(6, '0')}.eml`);
      await fs.promises.writeFile(file, info.message as Buffer);
      return { messageId: info.messageId };
    },
  };
}
