import { z } from 'zod';

import { LIMITS } from '../limits';
import { MSG, tooLong } from '../messages';
import type { ConversationEvent } from '../notification-kinds';
import { dbId, hasControlCharacters } from './fields';

/**
 * Conversations (decisions.md, "Beyond the specification, round 3"): one thread per booking and one
 * per journalist and brand for Contact Brand. The numbers the decisions leave open are ADR 018's.
 */
export const CONVERSATION_RULES = {
  /** `GET conversations/{id}/messages`: the newest 30, oldest first. */
  messagePage: 30,
  /** A message's body after trimming (decisions.md). */
  bodyMax: 2000,
  /** A report's reason. */
  reasonMax: 500,
  /** Sending: 30 messages a minute per user (ADR 018), counted on every API node together. */
  sendLimit: 30,
  sendWindowMs: 60_000,
  /** A message unread this long mails its recipient... */
  unreadMailAfterMinutes: 10,
  /** ...at most once per conversation in this many minutes. */
  unreadMailEveryMinutes: 60,
} as const;

/** The answers a user taps instead of typing (issue 26): the common cases of a visit. */
export const QUICK_REPLIES = {
  media: ['Running 10 minutes late', 'Can I bring my +1?', 'On my way!', 'Thank you for having me!'],
  brands: ['See you soon!', 'Your table is ready.', 'Of course, no problem.', 'Thanks for visiting!'],
} as const;

/** A conversation that belongs to no booking (Contact Brand): no visit to be late for or to thank for. */
export const GENERAL_QUICK_REPLIES = {
  media: ['Thank you!', 'Sounds good.', 'Let me check and get back to you.'],
  brands: ['Thanks for reaching out!', 'Of course, no problem.', 'Let me check and get back to you.'],
} as const;

/** The line a thread shows for an event (the detail, e.g. the visit's time, is the writer's to add). */
export const CONVERSATION_EVENT_TEXT: Record<ConversationEvent, string> = {
  requested: 'Booking requested',
  accepted: 'Booking accepted',
  declined: 'Booking declined',
  cancelled: 'Booking cancelled',
  checked_in: 'Checked in',
  no_show: 'Marked as a no-show',
  task_due: 'Task due',
  posts_delivered: 'Posts delivered',
};

/**
 * A message's text: trimmed, 1 to 2,000 characters; an empty one reads "This field is required."
 * (decisions.md); control characters are refused as in every free-text field.
 */
function messageText(max: number, required: string) {
  return z
    .string({ error: () => required })
    .trim()
    .min(1, required)
    .max(max, tooLong(max))
    .refine((v) => !hasControlCharacters(v), MSG.controlCharacters);
}

/** `POST conversations/{id}/messages {"body"}`: the composer and the route share it. */
export const sendMessageSchema = z.object({ body: messageText(CONVERSATION_RULES.bodyMax, MSG.required) });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** `POST conversations/{id}/report {"reason"}`. */
export const reportConversationSchema = z.object({
  reason: messageText(CONVERSATION_RULES.reasonMax, MSG.reportReasonRequired),
});
export type ReportConversationInput = z.input<typeof reportConversationSchema>;

/** `GET conversations/{id}/messages?page[before]=ID`: the 30 messages before that one. */
export const messagesQuerySchema = z.object({
  'page[before]': dbId(MSG.pageCursor)
    .optional()
    .meta({ description: 'A message id: answers the messages older than it (the page before).' }),
});

/** `GET conversations` pages like every list (decisions.md), newest activity first. */
export const CONVERSATION_PAGE_SIZE = LIMITS.pageSize * 2;
