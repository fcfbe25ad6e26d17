export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const CAMPAIGN_STATUSES = ['draft', 'review', 'approved', 'expired'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const BOOKING_STATUSES = ['pending', 'accepted', 'finished', 'declined', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Bookings that hold a place: count toward weekly capacity and "one live booking per campaign". */
export const LIVE_BOOKING_STATUSES = ['pending', 'accepted', 'finished'] as const;
export const CAPACITY_BOOKING_STATUSES = ['pending', 'accepted'] as const;

/** The three lists of /bookings (spec sections 2 and 4) and the statuses each one shows. */
export const BOOKING_TABS = {
  pending: ['pending'],
  upcoming: ['accepted'],
  past: ['finished', 'declined', 'cancelled', 'no_show'],
} as const satisfies Record<string, readonly BookingStatus[]>;
export type BookingTab = keyof typeof BOOKING_TABS;

/** A booking's status as people read it (booking cards, insights). */
export const BOOKING_STATUS_LABEL: Record<BookingStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  finished: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/**
 * The status a booking card shows: "Expired" for a request declined because its visit time passed
 * unanswered (`decline_reason: 'expired'`), otherwise the status's label.
 */
export function bookingStatusLabel(booking: { status: BookingStatus; decline_reason: 'expired' | null }): string {
  return booking.status === 'declined' && booking.decline_reason === 'expired'
    ? 'Expired'
    : BOOKING_STATUS_LABEL[booking.status];
}

export const SUBSCRIPTION_STATUSES = ['inexistent', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const ANALYTICS_EVENTS = [
  'brand_sign_up',
  'influencer_sign_up',
  'booking_request',
  'campaign_create',
  'task_completion',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];
