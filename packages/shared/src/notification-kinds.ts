/**
 * The kinds of what happens between brands and media users (issue 26): notifications and the
 * booking events a conversation shows inline. Wire enums, outside validation/ so that the wire
 * schemas (schemas/notifications.ts, schemas/conversations.ts) and the code that reads events do
 * not pull the forms' validation into the first paint (docs/performance.md, "Chunks").
 */

/** Every kind of notification (decisions.md, "Notifications, live"). */
export const NOTIFICATION_TYPES = [
  'booking_requested',
  'booking_accepted',
  'booking_declined',
  'booking_cancelled',
  'checked_in',
  'no_show',
  'dispute_settled',
  'task_due',
  'task_completed',
  'campaign_approved',
  'campaign_sent_back',
  'message',
  'invitation',
  'member_joined',
  // Slots that fill (issue 30).
  'booking_proposal',
  'waitlist_offer',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The booking's events a thread shows inline (issue 26), written by the booking's lifecycle.
 * `event` messages carry one of these codes and no sender.
 */
export const CONVERSATION_EVENTS = [
  'requested',
  'accepted',
  'declined',
  'cancelled',
  'checked_in',
  'no_show',
  'task_due',
  'posts_delivered',
] as const;
export type ConversationEvent = (typeof CONVERSATION_EVENTS)[number];
