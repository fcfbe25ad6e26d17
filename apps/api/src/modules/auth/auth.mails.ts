import type { OutgoingMail } from '../mail/mail.service';
import { renderMail } from '../mail/mail.layout';

/** Password reset: the temporary password, how long it lasts, and where to use it. */
export function passwordResetMail(opts: {
  to: string;
  name: string;
  password: string;
  validMinutes: number;
  publicUrl: string;
}): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${opts.name},`,
    paragraphs: [
      'We received a request to reset the password of your Comped account. Here is a temporary password you can use to sign in.',
      `It works once and expires in ${opts.validMinutes} minutes. After signing in you will be asked to choose a new password.`,
      'If you did not ask for this, you can ignore this e-mail: your current password keeps working.',
    ],
    details: [
      ['Email', opts.to],
      ['Temporary password', opts.password],
    ],
    action: { label: 'Sign in to Comped', url: `${opts.publicUrl}/login` },
  });
  return { to: opts.to, subject: 'Your temporary Comped password', text, html };
}

/** Media application received: what happens next. */
export function applicationReceivedMail(opts: { to: string; name: string }): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${opts.name},`,
    paragraphs: [
      'Thanks for applying to Comped! Your profile has been sent to our team for review.',
      'This can take a few days. Once your profile is approved, we will e-mail you your login credentials.',
    ],
  });
  return { to: opts.to, subject: 'We received your Comped application', text, html };
}
