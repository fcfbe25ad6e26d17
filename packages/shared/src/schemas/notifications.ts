/**
 * Notifications and the live event stream on the wire (decisions.md, "Notifications, live").
 */
import { z } from 'zod';

import type { NotificationType } from '../notification-kinds';
import { NOTIFICATION_TYPES } from '../notification-kinds';
import { pageMetaSchema } from '../paging';
import { messageResourceSchema } from './conversations';
import { wireIdSchema } from './wire-id';

export const notificationResourceSchema = z.object({
  id: wireIdSchema,
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  /** One sentence, plain text. */
  body: z.string(),
  /** The page it is about, a path of the web app (`/inbox/12`, `/bookings/upcoming`). */
  link: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationResource = z.infer<typeof notificationResourceSchema>;

/** `GET notifications`: paged, newest first; `meta.unread` counts every unread one. */
export const notificationListSchema = z.object({
  data: z.array(notificationResourceSchema),
  meta: pageMetaSchema.extend({ unread: z.int() }),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * `GET`/`PUT notification-preferences`: per type, whether it also mails; `required` lists the types
 * whose mail is always sent (shown checked and locked).
 */
export const notificationPreferencesSchema = z.object({
  mail: z.object(
    Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<NotificationType, z.ZodBoolean>,
  ),
  required: z.array(z.enum(NOTIFICATION_TYPES)),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * The events of `GET events` (text/event-stream). `notification` carries `id:` (the notification's
 * id, for `Last-Event-ID`); `message` and `read` carry none, so a reconnect replays notifications
 * only (every message also leaves its recipient a `message` notification).
 */
export const LIVE_EVENT_NAMES = ['notification', 'message', 'read'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

export const notificationEventSchema = notificationResourceSchema;
export const messageEventSchema = messageResourceSchema;
/** Someone read a conversation up to a message: the sender's thread shows "Seen". */
export const readEventSchema = z.object({
  conversation_id: wireIdSchema,
  user_id: wireIdSchema,
  read_up_to: wireIdSchema,
});
export type ReadEvent = z.infer<typeof readEventSchema>;
