import { formatTime12 } from '@comped/shared/time';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { renderMail } from '../mail/mail.layout';
import { queueMail } from '../mail/mail.service';
import { acceptedInvite, checkInParagraphs, checkInQr, checkInQrImage, visitRows } from '../bookings/bookings.mails';
import type { VisitFacts } from '../bookings/bookings.mails';

function visitDetails(v: VisitFacts): [string, string][] {
  const rows = visitRows(v);
  if (v.checkInCode) rows.push(['Check-in code', v.checkInCode]);
  return rows;
}

/** 24 hours and 2 hours before an accepted visit: where, when, the code and the invitation again. */
export async function mailVisitReminder(
  tx: DbOrTx,
  config: Config,
  v: VisitFacts,
  hours: number,
  sequence: number,
  now: Date,
): Promise<void> {
  const when = hours >= 24 ? 'tomorrow' : `in ${hours} hours`;
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [
      `A reminder: your visit to ${v.locationName} (${v.brandName}) is ${when}, at ${formatTime12(v.time)}.`,
      ...checkInParagraphs(v),
      `Can't make it? Please call the property at ${v.phone}.`,
    ],
    image: checkInQrImage(v),
    details: visitDetails(v),
    action: { label: 'See your booking', url: `${config.publicUrl}/bookings/upcoming` },
  });
  await queueMail(tx, {
    to: v.media.email,
    subject: `Reminder: your visit to ${v.brandName} is ${when}`,
    text,
    html,
    attachments: [acceptedInvite(config, v, now, { sequence }), ...(await checkInQr(v))],
    secrets: v.checkInCode ? [v.checkInCode] : [],
  });
}

/** Days 3 and 6 after the visit while the report is open; it is due on day 7. */
export async function mailTaskReminder(
  tx: DbOrTx,
  config: Config,
  v: VisitFacts,
  day: number,
  taskId: number,
  dueAt: Date,
): Promise<void> {
  const left = 7 - day;
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [
      `Thanks for visiting ${v.brandName}. Your report for "${v.campaignName}" is still open.`,
      `It is due in ${left} day${left === 1 ? '' : 's'} (${dueAt.toUTCString().slice(0, 16)}); after that it shows as overdue to you and to the brand.`,
    ],
    action: { label: 'Complete your task', url: `${config.publicUrl}/tasks/${taskId}` },
  });
  await queueMail(tx, { to: v.media.email, subject: `Your visit report for ${v.brandName} is due soon`, text, html });
}

/** Withdraws the calendar invitation: METHOD:CANCEL, the same UID, a higher SEQUENCE. */
export async function mailInvitationCancelled(
  tx: DbOrTx,
  config: Config,
  v: VisitFacts,
  sequence: number,
  now: Date,
  reason: string,
): Promise<void> {
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [reason, 'The attached update removes the visit from your calendar.'],
    details: visitDetails({ ...v, checkInCode: null }),
  });
  await queueMail(tx, {
    to: v.media.email,
    subject: `Calendar update: visit to ${v.brandName} cancelled`,
    text,
    html,
    attachments: [acceptedInvite(config, v, now, { method: 'CANCEL', sequence })],
  });
}

export async function mailNoShow(tx: DbOrTx, config: Config, v: VisitFacts, disputeUntil: string): Promise<void> {
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [
      `${v.brandName} marked your visit for "${v.campaignName}" as a no-show: they did not check you in.`,
      `If you were there, tell us from your booking ("I was there") by ${disputeUntil}. Our team will look into it.`,
    ],
    details: visitDetails({ ...v, checkInCode: null }),
    action: { label: 'See your bookings', url: `${config.publicUrl}/bookings/past` },
  });
  await queueMail(tx, {
    to: v.media.email,
    subject: `Your visit to ${v.brandName} was marked as a no-show`,
    text,
    html,
  });
}

export async function mailDisputeSettled(
  tx: DbOrTx,
  config: Config,
  v: VisitFacts,
  outcome: 'no_show' | 'finished',
): Promise<void> {
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [
      outcome === 'finished'
        ? `We looked into your visit to ${v.brandName} for "${v.campaignName}": it now counts as completed, and your task is open again.`
        : `We looked into your visit to ${v.brandName} for "${v.campaignName}": the no-show stands.`,
    ],
    action: { label: 'See your bookings', url: `${config.publicUrl}/bookings/past` },
  });
  await queueMail(tx, { to: v.media.email, subject: `Your no-show dispute for ${v.brandName} is settled`, text, html });
}
