import { renderMail } from '../mail/mail.layout';
import type { OutgoingMail } from '../mail/queue-mail';

/** To the brand owner: a journalist's message; replies go straight to the journalist. */
export function contactBrandMail(input: {
  ownerEmail: string;
  ownerName: string;
  brandName: string;
  journalistName: string;
  journalistEmail: string;
  workplace: string | null;
  message: string;
  /** The conversation in the brand's Comped inbox, where the message is too. */
  inboxUrl: string;
}): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${input.ownerName},`,
    paragraphs: [
      `${input.journalistName}, a journalist on Comped, sent ${input.brandName} a message:`,
      input.message,
      'Reply to this e-mail to answer them directly, or answer in your Comped inbox.',
    ],
    details: [
      ['From', input.journalistName],
      ['E-mail', input.journalistEmail],
      ...(input.workplace ? ([['Working at', input.workplace]] as [string, string][]) : []),
    ],
    action: { label: 'Open in your inbox', url: input.inboxUrl },
  });
  return {
    to: input.ownerEmail,
    replyTo: input.journalistEmail,
    subject: `Message from ${input.journalistName} (journalist)`,
    text,
    html,
  };
}
