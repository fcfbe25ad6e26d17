import { MSG } from '@comped/shared/messages';

import { renderMail } from '../mail/mail.layout';

/**
 * To a participant whose message has waited unread 10 minutes (decisions.md): who wrote, what, and a
 * link to the thread. Answering by mail is not possible (issue 26), and the mail says so.
 */
export function unreadMessageMail(v: {
  recipientName: string;
  fromName: string;
  texts: string[];
  url: string;
  settingsUrl: string;
}) {
  const { text, html } = renderMail({
    greeting: `Hi ${v.recipientName},`,
    paragraphs: [
      `${v.fromName} wrote to you on Comped:`,
      ...v.texts,
      MSG.conversationMailNoReply,
      `You can turn these e-mails off in your settings: ${v.settingsUrl}`,
    ],
    action: { label: 'Open the conversation', url: v.url },
  });
  return { subject: `New message from ${v.fromName}`, text, html };
}
