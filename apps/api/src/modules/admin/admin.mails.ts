import { renderMail } from '../mail/mail.layout';
import type { OutgoingMail } from '../mail/queue-mail';

/** Approval: the sign-in e-mail and initial password, valid for a week and changed at first sign-in. */
export function applicationApprovedMail(opts: {
  to: string;
  name: string;
  password: string;
  validDays: number;
  publicUrl: string;
}): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${opts.name},`,
    paragraphs: [
      'Great news: your Comped profile has been approved! You can now browse campaigns from hospitality brands and book complimentary experiences.',
      `Sign in with the credentials below. The password works once and expires in ${opts.validDays} days; right after signing in you will choose a password of your own.`,
    ],
    details: [
      ['Email', opts.to],
      ['Password', opts.password],
    ],
    action: { label: 'Sign in to Comped', url: `${opts.publicUrl}/login` },
  });
  return { to: opts.to, subject: 'Welcome to Comped: your login credentials', text, html, secrets: [opts.password] };
}

/** Rejection: a kind note with the team's reason. */
export function applicationRejectedMail(opts: { to: string; name: string; reason: string }): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${opts.name},`,
    paragraphs: [
      'Thank you for your interest in Comped. After reviewing your profile, we are not able to approve your application at this time.',
      `A note from our team: ${opts.reason}`,
      'You are welcome to apply again when things change. If you have questions, just reply to this e-mail.',
    ],
  });
  return { to: opts.to, subject: 'About your Comped application', text, html };
}
