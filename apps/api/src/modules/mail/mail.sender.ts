import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { AppContext } from '../../context';
import { mailOutbox } from '../../db/schema';

/**
 * Sends one outbox mail. The row is first moved from queued to sending in its own statement, so
 * of two workers only one gets it; it becomes sent only after the transport accepted it, and a
 * failed send goes back to queued for the job's retry.
 */
export function createMailSender(ctx: AppContext) {
  const transport = createTransport(ctx);
  return async function sendMail(payload: Record<string, unknown>): Promise<void> {
    const mailId = Number(payload.mailId);
    const [mail] = await ctx.db
      .update(mailOutbox)
      .set({ status: 'sending' })
      .where(and(eq(mailOutbox.id, mailId), inArray(mailOutbox.status, ['queued'])))
      .returning();
    if (!mail) return; // already sent (or being sent): never twice
    try {
      const info = await transport.send(
        {
          from: ctx.config.mailFrom,
          to: mail.to,
          replyTo: mail.replyTo ?? undefined,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          messageId: `<mail-${mail.id}-${mail.createdAt.getTime()}@comped.app>`,
          date: mail.createdAt,
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        },
        mail.id,
      );
      await ctx.db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: ctx.clock.now(),
          attempts: mail.attempts + 1,
          messageId: info.messageId,
          lastError: null,
        })
        .where(eq(mailOutbox.id, mail.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await ctx.db
        .update(mailOutbox)
        .set({ status: 'queued', attempts: mail.attempts + 1, lastError: message })
        .where(eq(mailOutbox.id, mail.id));
      throw err;
    }
  };
}

interface MailTransport {
  send(message: nodemailer.SendMailOptions, id: number): Promise<{ messageId: string }>;
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
