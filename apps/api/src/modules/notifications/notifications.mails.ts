import { renderMail } from '../mail/mail.layout';

/**
 * The mail of a notification whose kind mails through `notify` (checked in, dispute settled, member
 * joined): its title, its sentence and a link to its page, and where to turn such mails off.
 */
export function notificationMail(v: { name: string; title: string; body: string; url: string; settingsUrl: string }) {
  const { text, html } = renderMail({
    greeting: `Hi ${v.name},`,
    paragraphs: [v.body, `You can choose which e-mails Comped sends you in your settings: ${v.settingsUrl}`],
    action: { label: 'Open in Comped', url: v.url },
  });
  return { subject: v.title, text, html };
}
