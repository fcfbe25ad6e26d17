import { formatUsd } from '@comped/shared/money';

import { renderMail } from '../mail/mail.layout';
import type { OutgoingMail } from '../mail/queue-mail';

/** A renewal charge was refused: the subscription is past due until the brand pays with a card that works. */
export function paymentFailedMail(opts: {
  to: string;
  name: string;
  planTitle: string;
  amountCents: number;
  reason: string;
  publicUrl: string;
}): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${opts.name},`,
    paragraphs: [
      `We could not renew your ${opts.planTitle} subscription: the payment of ${formatUsd(opts.amountCents)} was refused.`,
      'Until a payment goes through, your brand workspace is paused: campaigns, locations, menus and photos cannot be changed.',
      'Please pay with another card to continue.',
    ],
    details: [
      ['Plan', opts.planTitle],
      ['Amount', formatUsd(opts.amountCents)],
      ['Reason', opts.reason],
    ],
    action: { label: 'Update payment', url: `${opts.publicUrl}/plans` },
  });
  return { to: opts.to, subject: 'Your Comped payment failed', text, html };
}

/** A renewal the bank wants the card holder to authenticate (3-D Secure): one click to the confirm page. */
export function confirmPaymentMail(opts: {
  to: string;
  name: string;
  planTitle: string;
  amountCents: number;
  url: string;
}): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${opts.name},`,
    paragraphs: [
      `Your bank asks you to confirm the ${formatUsd(opts.amountCents)} payment that renews your ${opts.planTitle} subscription.`,
      'Until it is confirmed, your brand workspace is paused: campaigns, locations, menus and photos cannot be changed.',
      'It takes a minute: open the link, sign in if asked, and confirm the payment with your bank.',
    ],
    details: [
      ['Plan', opts.planTitle],
      ['Amount', formatUsd(opts.amountCents)],
    ],
    action: { label: 'Confirm payment', url: opts.url },
  });
  return { to: opts.to, subject: 'Confirm your Comped payment', text, html };
}
