import { SMTPServer } from 'smtp-server';

import { freePort } from './cluster';

export interface CaughtMail {
  messageId: string;
  subject: string;
  at: number;
}

/**
 * An SMTP server that keeps what it accepted. `hold(subject)` makes it stall the DATA of matching
 * messages until the client goes away, as a slow provider would: a node killed then has a send in
 * flight that never completed.
 */
export class SmtpCatcher {
  readonly accepted: CaughtMail[] = [];
  /** DATA phases that began (accepted or not), by subject. */
  readonly started: string[] = [];
  private holdSubject: string | null = null;
  private server!: SMTPServer;
  port = 0;

  static async start(): Promise<SmtpCatcher> {
    const c = new SmtpCatcher();
    c.port = await freePort();
    c.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      maxClients: 200,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (d: Buffer) => chunks.push(d));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString();
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          const messageId = /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
          c.started.push(subject);
          if (c.holdSubject !== null && subject === c.holdSubject) return; // never answers
          c.accepted.push({ messageId, subject, at: Date.now() });
          callback();
        });
      },
    });
    c.server.on('error', () => undefined);
    await new Promise<void>((resolve) => c.server.listen(c.port, '127.0.0.1', resolve));
    return c;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  hold(subject: string | null): void {
    this.holdSubject = subject;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
