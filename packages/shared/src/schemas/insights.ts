import { z } from 'zod';

import { INSIGHTS_MAX_DAYS } from '../insights-days';
import { MSG } from '../messages';
import { BOOKING_STATUSES } from '../statuses';
import { isCalendarDate } from '../time';

/** Brand insights (decisions.md "Beyond the specification"): `GET brands/{id}/insights?from&to`. */

const validDay = (v: string | undefined): v is string => typeof v === 'string' && isCalendarDate(v);

const isoDay = z.string({ error: () => MSG.dateFormat }).refine(validDay, MSG.dateFormat);

/** `from` and `to` are inclusive days; both optional (default: the last 90 days). */
export const insightsQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((v) => !validDay(v.from) || !validDay(v.to) || v.from <= v.to, {
    path: ['to'],
    message: MSG.endOnOrAfterStart,
  })
  .refine(
    (v) =>
      !validDay(v.from) || !validDay(v.to) || Date.parse(v.to) - Date.parse(v.from) < INSIGHTS_MAX_DAYS * 86400_000,
    { path: ['to'], message: 'The range may cover at most two years.' },
  );
export type InsightsQuery = z.input<typeof insightsQuerySchema>;

export const ratingAveragesSchema = z.object({
  vibe: z.number().nullable(),
  food: z.number().nullable(),
  service: z.number().nullable(),
  general: z.number().nullable(),
  /** How many experience ratings the averages are over. */
  count: z.int(),
});

const statusCounts = z.object(
  Object.fromEntries(BOOKING_STATUSES.map((s) => [s, z.int()])) as Record<(typeof BOOKING_STATUSES)[number], z.ZodInt>,
);

export const insightsFiguresSchema = z.object({
  /** Bookings in the range by status. */
  bookings: statusCounts,
  /** Visits that took place: finished, or accepted with the visit time passed (no-shows excluded). */
  visits_hosted: z.int(),
  /** Sum over hosted visits of guests x the campaign's compensation, in dollars. */
  comps_given: z.number(),
  no_shows: z.int(),
  posts_delivered: z.int(),
  stories_delivered: z.int(),
  /** Coverage options chosen by journalists, with their counts. */
  coverage: z.array(z.object({ option: z.string(), count: z.int() })),
  ratings: ratingAveragesSchema,
  /** Comps given divided by posts delivered (dollars), null when no post was delivered. */
  cost_per_post: z.number().nullable(),
});
export type InsightsFigures = z.infer<typeof insightsFiguresSchema>;

export const insightsResponseSchema = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    totals: insightsFiguresSchema,
    campaigns: z.array(insightsFiguresSchema.extend({ campaign_id: z.int(), name: z.string() })),
    /** Bookings per week (Monday) by status, every week of the range. */
    weekly: z.array(statusCounts.extend({ week_start: z.string() })),
    /** Comps given (dollars) and posts delivered per month (YYYY-MM), every month of the range. */
    monthly: z.array(z.object({ month: z.string(), comps_given: z.number(), posts_delivered: z.int() })),
  }),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
export type InsightsData = InsightsResponse['data'];

/** The CSV export's columns: the spec's booking field names, one row per booking. */
export const INSIGHTS_CSV_COLUMNS = [
  'id',
  'status',
  'booking_date',
  'booking_time',
  'guests',
  'campaign_id',
  'campaign',
  'location_id',
  'location',
  'influencer',
  'type',
  'compensation',
  'comp_value',
  'checked_in_at',
  'completed',
  'posts',
  'stories',
  'propertyOption',
  'rate_vibe',
  'rate_food',
  'rate_service',
  'rate_general',
  'rate',
  'review',
  'created_at',
] as const;

/** The day `days - 1` days before `to` (so the range holds `days` days). */
export function rangeStart(to: string, days: number): string {
  const d = new Date(`${to}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - (days - 1));
  return d.toISOString().slice(0, 10);
}
