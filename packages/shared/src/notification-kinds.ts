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

/** The bell's and the notifications API's numbers; the bell reads them without the forms' validation. */
export const NOTIFICATION_RULES = {
  /** The bell shows the latest ten (issue 26). */
  bellSize: 10,
  /** `POST notifications/read {"ids"}`: at most this many ids at once. */
  markReadMax: 100,
  /** Notifications replayed after `Last-Event-ID` at most (older ones: the client reloads its lists). */
  replayMax: 100,
} as const;

/** The notifications' own texts (the bell's empty panel, the API's 422s). */
export const NOTIFICATION_TEXT = {
  idsOrAll: 'Send the ids to mark read, or "all": true.',
  unknownType: 'This is not a kind of notification.',
  requiredMail: 'This e-mail is always sent and cannot be turned off.',
  empty: 'You are all caught up.',
} as const;
