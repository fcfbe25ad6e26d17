import { z } from 'zod';

import { WAITLIST_STATUSES } from '../validation/slots';
import { wireIdSchema } from './wire-id';

const positiveWireId = wireIdSchema.positive();

/** `GET influencers/{id}/waitlist` items (decisions.md round 3, "Comp terms and slots that fill"). */
export const waitlistEntryResourceSchema = z.object({
  id: positiveWireId,
  campaign: z.object({ id: positiveWireId, name: z.string() }),
  location_id: positiveWireId,
  /** The day the media user wanted (YYYY-MM-DD); the entry waits for its Monday-Sunday week. */
  date: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** While offered: until when the freed place is held for them (ISO instant); else null. */
  hold_until: z.string().nullable(),
  /** IANA zone of the location: the hold's end reads as the notification and mail write it. */
  time_zone: z.string(),
});
export type WaitlistEntryResource = z.infer<typeof waitlistEntryResourceSchema>;

/** One week of `GET admin/health` (staff). Rates are 0-1, null when there is nothing to divide by. */
export const healthWeekSchema = z.object({
  /** Monday of the week (YYYY-MM-DD, UTC). */
  week_start: z.string(),
  active_brands: z.int(),
  active_media: z.int(),
  live_campaigns: z.int(),
  bookings_requested: z.int(),
  bookings_accepted: z.int(),
  bookings_hosted: z.int(),
  /** Booked places (pending or accepted or hosted) over the live campaigns' weekly capacity. */
  fill_rate: z.number().nullable(),
  /** Medians in hours. */
  median_hours_to_answer_request: z.number().nullable(),
  median_hours_to_approve_application: z.number().nullable(),
  median_hours_to_approve_campaign: z.number().nullable(),
  no_show_rate: z.number().nullable(),
  dispute_rate: z.number().nullable(),
  tasks_done_within_7_days: z.number().nullable(),
});
export type HealthWeek = z.infer<typeof healthWeekSchema>;

export const healthReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  weeks: z.array(healthWeekSchema),
});
export type HealthReport = z.infer<typeof healthReportSchema>;
