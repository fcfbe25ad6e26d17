import { guestPolicyLabel } from '@comped/shared/guest-policy';
import { formatLongDay, formatTime12, weekStartOf } from '@comped/shared/time';
import type { GuestPolicy } from '@comped/shared/validation/slots';
import QRCode from 'qrcode';

import type { Config } from '../../config';
import type { MailAttachment } from '../../db/schema';
import type { MailContent } from '../mail/mail.layout';
import { renderMail } from '../mail/mail.layout';
import type { OutgoingMail } from '../mail/queue-mail';
import { visitInvite } from './ics';

/**
 * The booking's mails: each template returns the mail and the use case queues it in the
 * transaction of its change (`await queueMail(tx, bookingAcceptedMail(...))`).
 */

/** What every booking mail tells: the visit, where, and what it is worth. */
export interface VisitFacts {
  bookingId: number;
  campaignName: string;
  brandName: string;
  locationName: string;
  address: string;
  phone: string;
  date: string;
  time: string;
  visitAt: Date;
  guests: number;
  compensation: number | null;
  media: { name: string; email: string };
  /** The check-in code of an accepted visit (null before accept). */
  checkInCode: string | null;
  /** What the comp covers (issue 30); absent or empty: no terms set. */
  terms?: CompTerms;
}

/** The campaign's comp terms as the mails and the door show them. */
export interface CompTerms {
  includes: string[];
  allowance: number | null;
  guestPolicy: GuestPolicy | null;
  maxGuests: number;
}

/** The rows of what the comp covers: each included line, the allowance cap, the guest policy. */
export function compTermRows(t: CompTerms | undefined): [string, string][] {
  if (!t) return [];
  const rows: [string, string][] = t.includes.map((line) => ['Includes', line]);
  if (t.allowance !== null) rows.push(['Allowance', `Up to $${t.allowance}`]);
  const policy = guestPolicyLabel(t.guestPolicy, t.maxGuests);
  if (policy) rows.push(['Guest policy', policy]);
  return rows;
}

/** The rows every visit mail shows (booking mails add the compensation, reminders the check-in code). */
export function visitRows(v: VisitFacts): [string, string][] {
  return [
    ['Campaign', v.campaignName],
    ['Date', formatLongDay(v.date)],
    ['Time', formatTime12(v.time)],
    ['Location', v.locationName],
    ['Address', v.address],
    ['Guests', String(v.guests)],
  ];
}

function details(v: VisitFacts): [string, string][] {
  const rows = visitRows(v);
  if (v.compensation !== null) rows.push(['Compensation', `$${v.compensation}`]);
  rows.push(...compTermRows(v.terms));
  return rows;
}

function emailOf(from: string): { name: string; email: string } {
  const m = /^(.*)<([^>]+)>\s*$/.exec(from);
  if (!m) return { name: 'Comped', email: from.trim() };
  return { name: m[1]!.trim().replace(/^"|"$/g, '') || 'Comped', email: m[2]!.trim() };
}

export function bookingRequestedMail(config: Config, to: { name: string; email: string }, v: VisitFacts): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${to.name},`,
    paragraphs: [
      `${v.media.name} would like to visit ${v.locationName} for your campaign "${v.campaignName}".`,
      'Accept or reject the request on your bookings page.',
    ],
    details: details(v),
    action: { label: 'See pending requests', url: `${config.publicUrl}/bookings` },
  });
  return { to: to.email, subject: `New booking request: ${v.campaignName}`, text, html };
}

/** The calendar invitation of a visit; `CANCEL` with a higher sequence withdraws it (same UID). */
export function acceptedInvite(
  config: Config,
  v: VisitFacts,
  now: Date,
  opts: { method?: 'REQUEST' | 'CANCEL'; sequence?: number } = {},
): MailAttachment {
  const method = opts.method ?? 'REQUEST';
  const content = visitInvite({
    method,
    sequence: opts.sequence ?? 0,
    uid: `booking-${v.bookingId}@comped.app`,
    stamp: now,
    start: v.visitAt,
    durationMinutes: 90,
    summary: `${v.brandName}: ${v.campaignName}`,
    location: `${v.locationName}, ${v.address}`,
    description: `Your Comped visit for ${v.guests} guest${v.guests === 1 ? '' : 's'}. Property phone: ${v.phone}.`,
    organizer: emailOf(config.mailFrom),
    attendee: v.media,
  });
  return {
    filename: method === 'CANCEL' ? 'visit-cancelled.ics' : 'visit.ics',
    contentType: `text/calendar; method=${method}`,
    content,
  };
}

export async function bookingAcceptedMail(config: Config, v: VisitFacts, now: Date): Promise<OutgoingMail> {
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [
      `Good news: ${v.brandName} accepted your visit for "${v.campaignName}".`,
      ...checkInParagraphs(v),
      'The calendar invitation is attached. Your task will be waiting under Tasks after the visit.',
      `Need to cancel? You can do it from your bookings until ${24} hours before the visit; after that, please call the property at ${v.phone}.`,
    ],
    image: checkInQrImage(v),
    details: details(v),
    action: { label: 'See your bookings', url: `${config.publicUrl}/bookings/upcoming` },
  });
  return {
    to: v.media.email,
    subject: `Your visit to ${v.brandName} is confirmed`,
    text,
    html,
    attachments: [acceptedInvite(config, v, now), ...(await checkInQr(v))],
    // The code lets anyone at the door claim the visit: masked in the Outbox like a password.
    secrets: v.checkInCode ? [v.checkInCode] : [],
  };
}

/** The check-in code in words, for the accept and reminder mails. */
function checkInParagraphs(v: VisitFacts): string[] {
  if (!v.checkInCode) return [];
  return [
    `Your check-in code is ${v.checkInCode}. Show it (or its QR code) when you arrive: the venue checks you in with it.`,
  ];
}

/** The content id of the check-in QR: the accept and reminder mails' HTML shows it inline. */
const CHECK_IN_QR_CID = 'check-in-code@comped.app';
const CHECK_IN_QR_SIZE = 240;

/**
 * The QR of the check-in code as a PNG, attached inline with a content id: Gmail and desktop Outlook
 * show no SVG, in the message or as an attachment. Stored base64 (an outbox row is JSON).
 */
async function checkInQr(v: VisitFacts): Promise<MailAttachment[]> {
  if (!v.checkInCode) return [];
  const png = await QRCode.toBuffer(v.checkInCode, { type: 'png', margin: 2, width: CHECK_IN_QR_SIZE });
  return [
    {
      filename: 'check-in-code.png',
      contentType: 'image/png',
      content: png.toString('base64'),
      encoding: 'base64',
      cid: CHECK_IN_QR_CID,
    },
  ];
}

/** Where the HTML of a mail with `checkInQr` shows it. */
function checkInQrImage(v: VisitFacts): MailContent['image'] {
  if (!v.checkInCode) return undefined;
  return { cid: CHECK_IN_QR_CID, alt: `QR code of check-in code ${v.checkInCode}`, size: CHECK_IN_QR_SIZE };
}

export function bookingDeclinedMail(config: Config, v: VisitFacts): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [
      `${v.brandName} could not accept your visit for "${v.campaignName}" this time.`,
      'You are welcome to request another day or explore other campaigns.',
    ],
    details: details(v),
    action: { label: 'Explore campaigns', url: `${config.publicUrl}/campaigns` },
  });
  return { to: v.media.email, subject: `Your booking request was declined`, text, html };
}

/** A request left unanswered until its visit time (decisions.md): the media user is told it expired. */
export function bookingExpiredMail(config: Config, v: VisitFacts): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [
      `${v.brandName} did not answer your request to visit for "${v.campaignName}" before its time, so the request expired.`,
      'You are welcome to request another day or explore other campaigns.',
    ],
    details: details(v),
    action: { label: 'Explore campaigns', url: `${config.publicUrl}/campaigns` },
  });
  return { to: v.media.email, subject: 'Your booking request expired', text, html };
}

export function bookingCancelledMail(config: Config, v: VisitFacts): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [`Your visit for "${v.campaignName}" at ${v.brandName} is cancelled, as you asked.`],
    details: details(v),
    action: { label: 'Explore campaigns', url: `${config.publicUrl}/campaigns` },
  });
  return { to: v.media.email, subject: `Your booking was cancelled`, text, html };
}

function visitDetails(v: VisitFacts): [string, string][] {
  const rows = visitRows(v);
  if (v.checkInCode) rows.push(['Check-in code', v.checkInCode]);
  return rows;
}

/** 24 hours and 2 hours before an accepted visit: where, when, the code and the invitation again. */
export async function visitReminderMail(
  config: Config,
  v: VisitFacts,
  hours: number,
  sequence: number,
  now: Date,
): Promise<OutgoingMail> {
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
    // Issue 30: the day before, the link confirms attendance (one tap on the visit pass).
    action:
      hours >= 24
        ? { label: "Confirm you're coming", url: `${config.publicUrl}/bookings/${v.bookingId}/pass?confirm=1` }
        : { label: 'See your booking', url: `${config.publicUrl}/bookings/upcoming` },
  });
  return {
    to: v.media.email,
    subject: `Reminder: your visit to ${v.brandName} is ${when}`,
    text,
    html,
    attachments: [acceptedInvite(config, v, now, { sequence }), ...(await checkInQr(v))],
    secrets: v.checkInCode ? [v.checkInCode] : [],
  };
}

/** Days 3 and 6 after the visit while the report is open; it is due on day 7. */
export function taskReminderMail(
  config: Config,
  v: VisitFacts,
  day: number,
  taskId: number,
  dueAt: Date,
): OutgoingMail {
  const left = 7 - day;
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [
      `Thanks for visiting ${v.brandName}. Your report for "${v.campaignName}" is still open.`,
      `It is due in ${left} day${left === 1 ? '' : 's'} (${dueAt.toUTCString().slice(0, 16)}); after that it shows as overdue to you and to the brand.`,
    ],
    action: { label: 'Complete your task', url: `${config.publicUrl}/tasks/${taskId}` },
  });
  return { to: v.media.email, subject: `Your visit report for ${v.brandName} is due soon`, text, html };
}

/** Withdraws the calendar invitation: METHOD:CANCEL, the same UID, a higher SEQUENCE. */
export function invitationCancelledMail(
  config: Config,
  v: VisitFacts,
  sequence: number,
  now: Date,
  reason: string,
): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [reason, 'The attached update removes the visit from your calendar.'],
    details: visitDetails({ ...v, checkInCode: null }),
  });
  return {
    to: v.media.email,
    subject: `Calendar update: visit to ${v.brandName} cancelled`,
    text,
    html,
    attachments: [acceptedInvite(config, v, now, { method: 'CANCEL', sequence })],
  };
}

export function noShowMail(config: Config, v: VisitFacts, disputeUntil: string): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [
      `${v.brandName} marked your visit for "${v.campaignName}" as a no-show: they did not check you in.`,
      `If you were there, tell us from your booking ("I was there") by ${disputeUntil}. Our team will look into it.`,
    ],
    details: visitDetails({ ...v, checkInCode: null }),
    action: { label: 'See your bookings', url: `${config.publicUrl}/bookings/past` },
  });
  return { to: v.media.email, subject: `Your visit to ${v.brandName} was marked as a no-show`, text, html };
}

export function disputeSettledMail(config: Config, v: VisitFacts, outcome: 'no_show' | 'finished'): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${v.media.name},`,
    paragraphs: [
      outcome === 'finished'
        ? `We looked into your visit to ${v.brandName} for "${v.campaignName}": it now counts as completed, and your task is open again.`
        : `We looked into your visit to ${v.brandName} for "${v.campaignName}": the no-show stands.`,
    ],
    action: { label: 'See your bookings', url: `${config.publicUrl}/bookings/past` },
  });
  return { to: v.media.email, subject: `Your no-show dispute for ${v.brandName} is settled`, text, html };
}

/** The waitlist's offer (issue 30): a place of the week freed and is held for 2 hours. */
export function waitlistOfferMail(
  config: Config,
  v: { to: { name: string; email: string }; campaignName: string; campaignId: number; date: string; until: string },
): OutgoingMail {
  const { text, html } = renderMail({
    greeting: `Hi ${v.to.name},`,
    paragraphs: [
      `A place freed up for "${v.campaignName}" in the week of ${formatLongDay(weekStartOf(v.date))}.`,
      `It is held for you until ${v.until}. After that it goes to the next person on the waitlist.`,
    ],
    action: { label: 'Request your visit', url: `${config.publicUrl}/campaigns/${v.campaignId}/book` },
  });
  return { to: v.to.email, subject: `A place freed up: ${v.campaignName}`, text, html };
}
