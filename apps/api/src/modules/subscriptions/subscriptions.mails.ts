import { formatUsd } from '@comped/shared/money';
import type { OutgoingMail } from '../mail/mail.service';
import { renderMail } from '../mail/mail.layout';

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
