import { renderMail } from '../mail/mail.layout';
import type { OutgoingMail } from '../mail/queue-mail';

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
  return { to: opts.to, subject: 'Your temporary Comped password', text, html, secrets: [opts.password] };
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

/**
 * Sent to the OLD address when the account's e-mail changes (decisions.md, Review and lifecycle), so
 * an owner whose session was taken over learns of it where the attacker cannot read.
 */
export function emailChangedMail(opts: {
  to: string;
  name: string;
  newEmail: string;
  publicUrl: string;
  supportEmail: string;
}): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${opts.name},`,
    paragraphs: [
      'The e-mail address of your Comped account was just changed. From now on, sign-in and every Comped e-mail use the new address.',
      `If you made this change, there is nothing more to do. If you did not, write to us right away at ${opts.supportEmail} so we can secure your account.`,
    ],
    details: [
      ['Previous e-mail', opts.to],
      ['New e-mail', opts.newEmail],
    ],
    action: { label: 'Open Comped', url: `${opts.publicUrl}/login` },
  });
  return { to: opts.to, subject: 'Your Comped e-mail address was changed', text, html };
}
