import { renderMail } from '../mail/mail.layout';
import type { OutgoingMail } from '../mail/queue-mail';

/**
 * The invitation to a brand's team (brand teams): who invites, to what role, and the link to
 * `/join?token=...` that creates the account. The link is a secret (masked in the staff Outbox).
 */
export function memberInvitationMail(opts: {
  to: string;
  brandName: string;
  ownerName: string;
  role: 'manager' | 'host';
  locationNames: string[];
  token: string;
  validDays: number;
  publicUrl: string;
}): OutgoingMail {
  const url = `${opts.publicUrl}/join?token=${encodeURIComponent(opts.token)}`;
  const what =
    opts.role === 'manager'
      ? 'As a manager you can run campaigns, answer booking requests and check guests in.'
      : 'As a host you can see the visits booked at your location, answer requests and check guests in at the door.';
  const { text, html } = renderMail({
    greeting: 'Hi,',
    paragraphs: [
      `${opts.ownerName} invited you to join ${opts.brandName} on Comped as ${opts.role === 'manager' ? 'a manager' : 'a host'}.`,
      what,
      `Choose your name and a password to create your account. The link works once and expires in ${opts.validDays} days.`,
      'If you were not expecting this, you can ignore this e-mail.',
    ],
    details: [
      ['Brand', opts.brandName],
      ['Role', opts.role === 'manager' ? 'Manager' : 'Host'],
      ...(opts.locationNames.length > 0 ? ([['Location', opts.locationNames.join(', ')]] as [string, string][]) : []),
    ],
    action: { label: `Join ${opts.brandName}`, url },
  });
  return {
    to: opts.to,
    subject: `You're invited to join ${opts.brandName} on Comped`,
    text,
    html,
    secrets: [opts.token],
  };
}
