/**
 * Conversations on the wire (decisions.md, "Beyond the specification, round 3"): the shapes pinned
 * there, plus what the thread needs to show a booking's events inline and read receipts (ADR 018).
 */
import { z } from 'zod';

import { CONVERSATION_EVENTS } from '../notification-kinds';
import { pageMetaSchema } from '../paging';
import { wireIdSchema } from './wire-id';

/** One message: a person's text (`kind: 'text'`) or a booking's event shown inline (`kind: 'event'`, no sender). */
export const messageResourceSchema = z.object({
  id: wireIdSchema,
  conversation_id: wireIdSchema,
  /**
   * Who wrote it; null for a booking's event. The brand's side speaks as the brand (`name`); its
   * team also reads which member wrote it (`member_name`), which the media user does not.
   */
  sender: z.object({ id: wireIdSchema, name: z.string(), member_name: z.string().optional() }).nullable(),
  /** Plain text, never HTML: clients show it as text (links made clickable, nothing else). */
  body: z.string(),
  sent_at: z.string(),
  kind: z.enum(['text', 'event']),
  /** The booking's event, for `kind: 'event'`. */
  event: z.enum(CONVERSATION_EVENTS).nullable(),
});
export type MessageResource = z.infer<typeof messageResourceSchema>;

export const conversationBrandSchema = z.object({ id: wireIdSchema, name: z.string(), logo: z.string().nullable() });
export const conversationMediaUserSchema = z.object({
  id: wireIdSchema,
  name: z.string(),
  profile_picture: z.string().nullable(),
});

/** An item of `GET conversations`. */
export const conversationResourceSchema = z.object({
  id: wireIdSchema,
  booking_id: wireIdSchema.nullable(),
  /** What the booking's conversation is about, so an inbox with several tells them apart; null without one. */
  booking: z.object({ campaign_name: z.string(), booking_date: z.string(), booking_time: z.string() }).nullable(),
  brand: conversationBrandSchema,
  media_user: conversationMediaUserSchema,
  last_message: z
    .object({
      id: wireIdSchema,
      body: z.string(),
      sender_id: wireIdSchema.nullable(),
      sent_at: z.string(),
      /** For the brand's team: which member wrote it, when one of them did (as in the thread). */
      member_name: z.string().optional(),
    })
    .nullable(),
  /** The caller's unread messages in it. */
  unread: z.int(),
  /** Staff closed it after a report: it reads, but takes no new messages. */
  closed: z.boolean(),
});
export type ConversationResource = z.infer<typeof conversationResourceSchema>;

/** `GET conversations`: a paged list whose meta also counts the caller's unread messages everywhere. */
export const conversationListSchema = z.object({
  data: z.array(conversationResourceSchema),
  meta: pageMetaSchema.extend({ unread_total: z.int() }),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** `GET conversations/{id}`: one conversation as the list shows it. */
export const conversationAnswerSchema = z.object({ data: conversationResourceSchema });

/**
 * `GET conversations/{id}/messages`: the newest 30 (or the 30 before `page[before]`), oldest first.
 * `read_up_to`: the newest message the other side has read (the thread's "Seen"), null when none.
 */
export const messagePageSchema = z.object({
  data: z.array(messageResourceSchema),
  meta: z.object({ has_more: z.boolean(), read_up_to: wireIdSchema.nullable() }),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** A flagged conversation in the staff console (`GET admin/reports`), with its messages. */
export const conversationReportSchema = z.object({
  /** The report's id. */
  id: wireIdSchema,
  conversation: conversationResourceSchema.omit({ unread: true }),
  reason: z.string(),
  reporter: z.object({ id: wireIdSchema, name: z.string() }),
  created_at: z.string(),
  /** The newest 30 messages, oldest first. */
  messages: z.array(messageResourceSchema),
});
export type ConversationReport = z.infer<typeof conversationReportSchema>;
