/**
 * Wire shapes that are not a shared resource of resources.ts: the staff console's answers (media
 * applications, the mail outbox, analytics), the receipt of a media application and the available
 * hours of a campaign week. Zod schemas for the same reason as resources.ts: the API declares them
 * as response schemas (anything not listed is stripped from the reply) and the web app can parse
 * what it receives with the same object.
 */
import { z } from 'zod';

import { MEDIA_TYPES } from '../roles';
import { ANALYTICS_EVENTS, APPLICATION_STATUSES, MAIL_STATUSES } from '../statuses';
import { WEEKDAY_SHORT } from '../time';
import { dataOf } from './envelopes';
import { wireIdSchema } from './wire-id';

// ---------------------------------------------------------------- media applications

/** `POST influencers`: the application was received and waits for staff. */
export const mediaApplicationReceiptSchema = z.object({ id: wireIdSchema, status: z.literal('pending') });
export type MediaApplicationReceipt = z.infer<typeof mediaApplicationReceiptSchema>;

/** A media application as the staff console lists, approves and rejects it. */
export const mediaApplicationResourceSchema = z.object({
  id: wireIdSchema,
  name: z.string(),
  email: z.string(),
  type: z.enum(MEDIA_TYPES),
  instagram: z.string(),
  twitter: z.string().nullable(),
  tiktok: z.string().nullable(),
  /** Journalists only. */
  workplace: z.string().nullable(),
  /** Journalists only: links to two press pieces. */
  press1: z.string().nullable(),
  press2: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  /** The tier staff gave on approval; null otherwise. */
  tier: z.int().nullable(),
  /** The note e-mailed on rejection; null otherwise. */
  reason: z.string().nullable(),
  /** The account created on approval (for a tier check: the account checked); null otherwise. */
  user_id: wireIdSchema.nullable(),
  /**
   * A tier check of an existing account whose Instagram handle changed after approval (issue 11):
   * approving sets its tier; until then discovery uses no tier for it.
   */
  tier_check: z.boolean(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type MediaApplicationResource = z.infer<typeof mediaApplicationResourceSchema>;

// ---------------------------------------------------------------- mail outbox

/** A queued or sent mail (`GET admin/outbox`), newest first. */
export const outboxEntrySchema = z.object({
  id: wireIdSchema,
  to: z.string(),
  subject: z.string(),
  /** The plain-text body. */
  text: z.string(),
  status: z.enum(MAIL_STATUSES),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

// ---------------------------------------------------------------- analytics

/** One event name's count on one day (UTC, YYYY-MM-DD). */
export const analyticsDayCountSchema = z.object({ day: z.string(), name: z.string(), count: z.int() });
export type AnalyticsDayCount = z.infer<typeof analyticsDayCountSchema>;

/** `GET admin/analytics?from&to`: counts per name per day, and per name over the range. */
export const analyticsResponseSchema = dataOf(z.array(analyticsDayCountSchema)).extend({
  meta: z.object({
    from: z.string(),
    to: z.string(),
    /** Every event the app records, in a fixed order (zero counts included in `totals`). */
    events: z.array(z.enum(ANALYTICS_EVENTS)),
    totals: z.record(z.string(), z.int()),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

// ---------------------------------------------------------------- booking availability

/**
 * `POST influencers/{id}/campaigns/{campaignId}/availablehours`: the free half-hour slots (HH:mm, in
 * the location's zone) of each day of the Monday-Sunday week starting on `week_start` (YYYY-MM-DD).
 */
export const weekAvailabilitySchema = z.object({
  week_start: z.string(),
  ...(Object.fromEntries(WEEKDAY_SHORT.map((day) => [day, z.array(z.string())])) as Record<
    (typeof WEEKDAY_SHORT)[number],
    z.ZodArray<z.ZodString>
  >),
  /** The week has no place left (its requests, visits and held places fill it): the waitlist may be joined. */
  full: z.boolean().optional(),
});
export type WeekAvailability = z.infer<typeof weekAvailabilitySchema>;
