import { z } from 'zod';

/** `GET push/key`: the server's VAPID public key (base64url, uncompressed P-256 point), for `applicationServerKey`. */
export const pushKeyResourceSchema = z.object({ public_key: z.string() });
export type PushKeyResource = z.infer<typeof pushKeyResourceSchema>;

/** `POST push/subscriptions`: the subscription now registered for the caller. */
export const pushSubscriptionResourceSchema = z.object({ endpoint: z.string() });
export type PushSubscriptionResource = z.infer<typeof pushSubscriptionResourceSchema>;

/**
 * `GET calendar-feed`, `POST calendar-feed/rotate`: the caller's private subscription address,
 * `PUBLIC_URL/api/v1/calendar/TOKEN.ics` (decisions.md, "Calendar feeds").
 */
export const calendarFeedResourceSchema = z.object({ url: z.string() });
export type CalendarFeedResource = z.infer<typeof calendarFeedResourceSchema>;
