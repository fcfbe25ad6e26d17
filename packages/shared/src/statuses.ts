export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const CAMPAIGN_STATUSES = ['draft', 'review', 'approved', 'expired'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const BOOKING_STATUSES = ['pending', 'accepted', 'finished', 'declined', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Bookings that hold a place: count toward weekly capacity and "one live booking per campaign". */
export const LIVE_BOOKING_STATUSES = ['pending', 'accepted', 'finished'] as const;
export const CAPACITY_BOOKING_STATUSES = ['pending', 'accepted'] as const;

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
