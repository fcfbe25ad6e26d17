import { renderMail } from '../mail/mail.layout';
import type { OutgoingMail } from '../mail/queue-mail';

/** The tier check's mails (tier-check.ts): each returns the mail, the change queues it. */

/** A new Instagram handle sends the tier back to staff. */
export function tierCheckRequestedMail(
  user: { name: string; email: string },
  handle: string,
  publicUrl: string,
): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${user.name},`,
    paragraphs: [
      `You changed your Instagram handle to @${handle}. Your tier depends on that account's audience, so our team will check it again.`,
      'You can keep using Comped as usual; campaigns will show again as soon as your tier is confirmed, usually within a working day.',
    ],
    action: { label: 'See your profile', url: `${publicUrl}/profile` },
  });
  return { to: user.email, subject: 'We are checking your tier', text, html };
}

/** Staff confirmed the tier. */
export function tierConfirmedMail(
  user: { name: string; email: string },
  instagram: string | null,
  tier: number,
  publicUrl: string,
): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${user.name},`,
    paragraphs: [
      `Thanks for waiting: we checked @${instagram} and confirmed your tier (tier ${tier}).`,
      'Campaigns for your tier are showing again.',
    ],
    action: { label: 'Explore campaigns', url: `${publicUrl}/campaigns` },
  });
  return { to: user.email, subject: 'Your tier is confirmed', text, html };
}

/** Staff could not confirm a tier: why, and what to do. */
export function tierCheckRejectedMail(
  user: { name: string; email: string },
  instagram: string | null,
  reason: string,
  publicUrl: string,
): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${user.name},`,
    paragraphs: [
      `We checked @${instagram} and could not confirm a tier for it.`,
      `A note from our team: ${reason}`,
      'Campaigns stay hidden until a tier is confirmed. Update your Instagram handle in your profile to ask for a new check, or reply to this e-mail.',
    ],
    action: { label: 'Update your profile', url: `${publicUrl}/profile` },
  });
  return { to: user.email, subject: 'Your tier check', text, html };
}
