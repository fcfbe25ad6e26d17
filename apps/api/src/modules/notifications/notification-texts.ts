import type { NotificationType } from '@comped/shared/notification-kinds';

/**
 * The title, sentence and page of each kind of notification (ADR 018), so every caller words a kind
 * the same way. Times come formatted (`formatDay`, `formatTime12` of packages/shared time.ts); links
 * are pages of the web app.
 */
export interface NotificationText {
  type: NotificationType;
  title: string;
  body: string;
  link: string;
}

/** At most this many characters of a message in its notification. */
const PREVIEW = 140;

export function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW ? `${line.slice(0, PREVIEW - 1)}…` : line;
}

export const notificationText = {
  bookingRequested: (v: { mediaName: string; campaignName: string; when: string }): NotificationText => ({
    type: 'booking_requested',
    title: 'New booking request',
    body: `${v.mediaName} asked to visit on ${v.when} (${v.campaignName}).`,
    link: '/bookings',
  }),
  bookingAccepted: (v: { brandName: string; when: string }): NotificationText => ({
    type: 'booking_accepted',
    title: 'Booking accepted',
    body: `${v.brandName} accepted your visit on ${v.when}.`,
    link: '/bookings/upcoming',
  }),
  bookingDeclined: (v: { brandName: string; when: string }): NotificationText => ({
    type: 'booking_declined',
    title: 'Booking declined',
    body: `${v.brandName} declined your request for ${v.when}.`,
    link: '/bookings/past',
  }),
  /** A request whose visit time passed unanswered (decisions.md): declined, reason expired. */
  bookingExpired: (v: { brandName: string; when: string }): NotificationText => ({
    type: 'booking_declined',
    title: 'Request expired',
    body: `${v.brandName} did not answer your request for ${v.when} in time, so it expired.`,
    link: '/bookings/past',
  }),
  bookingCancelled: (v: { by: string; when: string }): NotificationText => ({
    type: 'booking_cancelled',
    title: 'Booking cancelled',
    body: `${v.by} cancelled the visit on ${v.when}.`,
    link: '/bookings/past',
  }),
  checkedIn: (v: { brandName: string }): NotificationText => ({
    type: 'checked_in',
    title: 'Checked in',
    body: `You are checked in at ${v.brandName}. Enjoy your visit!`,
    link: '/bookings/upcoming',
  }),
  noShow: (v: { brandName: string; when: string }): NotificationText => ({
    type: 'no_show',
    title: 'Marked as a no-show',
    body: `${v.brandName} marked your visit on ${v.when} as a no-show. You can dispute it within 48 hours.`,
    link: '/bookings/past',
  }),
  disputeSettled: (v: { when: string; outcome: 'no_show' | 'finished' }): NotificationText => ({
    type: 'dispute_settled',
    title: 'Dispute settled',
    body:
      v.outcome === 'finished'
        ? `Our team settled the dispute about the visit on ${v.when}: it counts as a visit.`
        : `Our team settled the dispute about the visit on ${v.when}: the no-show stands.`,
    link: '/bookings/past',
  }),
  taskDue: (v: { brandName: string; due: string; taskId: number }): NotificationText => ({
    type: 'task_due',
    title: 'Task due',
    body: `Your task for ${v.brandName} is due on ${v.due}.`,
    link: `/tasks/${v.taskId}`,
  }),
  taskCompleted: (v: { mediaName: string; campaignName: string }): NotificationText => ({
    type: 'task_completed',
    title: 'Task completed',
    body: `${v.mediaName} completed the task for ${v.campaignName}.`,
    link: '/bookings/past',
  }),
  campaignApproved: (v: { campaignName: string; campaignId: number }): NotificationText => ({
    type: 'campaign_approved',
    title: 'Campaign approved',
    body: `${v.campaignName} is live: media users can book it now.`,
    link: `/campaigns/${v.campaignId}`,
  }),
  campaignSentBack: (v: { campaignName: string; campaignId: number; reason: string }): NotificationText => ({
    type: 'campaign_sent_back',
    title: 'Campaign sent back',
    body: `Our team sent ${v.campaignName} back: ${preview(v.reason)}`,
    link: `/campaigns/${v.campaignId}`,
  }),
  message: (v: { fromName: string; text: string; conversationId: number }): NotificationText => ({
    type: 'message',
    title: `New message from ${v.fromName}`,
    body: preview(v.text),
    link: `/inbox/${v.conversationId}`,
  }),
  invitation: (v: { brandName: string; campaignName: string; campaignId: number }): NotificationText => ({
    type: 'invitation',
    title: 'You are invited',
    body: `${v.brandName} invited you to ${v.campaignName}.`,
    link: `/campaigns/${v.campaignId}`,
  }),
  memberJoined: (v: { memberName: string; brandName: string }): NotificationText => ({
    type: 'member_joined',
    title: `${v.memberName} joined your team`,
    body: `${v.memberName} accepted your invitation to ${v.brandName}.`,
    link: '/profile/team',
  }),
  bookingProposal: (v: { brandName: string; when: string }): NotificationText => ({
    type: 'booking_proposal',
    title: 'Another time proposed',
    body: `${v.brandName} proposed ${v.when} for your request. Accept or decline it on your booking.`,
    link: '/bookings',
  }),
  waitlistOffer: (v: { campaignName: string; until: string }): NotificationText => ({
    type: 'waitlist_offer',
    title: 'A place freed up',
    body: `A place freed up for "${v.campaignName}". It is held for you until ${v.until}: request your visit now.`,
    link: '/waitlist',
  }),
};
