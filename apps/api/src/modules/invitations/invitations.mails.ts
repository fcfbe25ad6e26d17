import type { Config } from '../../config';
import { renderMail } from '../mail/mail.layout';
import type { OutgoingMail } from '../mail/queue-mail';

/** The mail of an invitation (decisions.md round 3: the invited user is notified and mailed). */
export function invitationMail(
  config: Config,
  v: { to: string; name: string; brandName: string; campaignName: string; campaignId: number; note: string | null },
): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${v.name},`,
    paragraphs: [
      `${v.brandName} invited you to ${v.campaignName} on Comped.`,
      ...(v.note ? [`Their note: ${v.note}`] : []),
      'Open the campaign to see what it offers and book a visit, or decline the invitation.',
    ],
    action: { label: 'See the campaign', url: `${config.publicUrl}/campaigns/${v.campaignId}` },
  });
  return { to: v.to, subject: `${v.brandName} invited you to ${v.campaignName}`, text, html };
}
