import { renderMail } from '../mail/mail.layout';
import type { OutgoingMail } from '../mail/queue-mail';

interface CampaignMailInput {
  ownerEmail: string;
  ownerName: string;
  brandName: string;
  campaignName: string;
  campaignId: number;
  publicUrl: string;
}

/** To the brand owner when staff approve a campaign. */
export function campaignApprovedMail(input: CampaignMailInput): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${input.ownerName},`,
    paragraphs: [
      `Good news: your campaign "${input.campaignName}" for ${input.brandName} was approved.`,
      'It is now offered to the influencers and journalists you selected, and you will hear from us as booking requests come in.',
    ],
    action: { label: 'See your campaign', url: `${input.publicUrl}/campaigns/${input.campaignId}` },
  });
  return { to: input.ownerEmail, subject: `Your campaign "${input.campaignName}" is live`, text, html };
}

/** To the brand owner when staff send a campaign back to draft, with their reason. */
export function campaignSentBackMail(input: CampaignMailInput & { reason: string }): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${input.ownerName},`,
    paragraphs: [
      `We reviewed your campaign "${input.campaignName}" for ${input.brandName} and sent it back to your drafts.`,
      `Our note: ${input.reason}`,
      'Edit the draft and submit it again whenever you are ready.',
    ],
    action: { label: 'Edit your campaign', url: `${input.publicUrl}/edit/campaign/${input.campaignId}` },
  });
  return { to: input.ownerEmail, subject: `Your campaign "${input.campaignName}" needs a few changes`, text, html };
}
