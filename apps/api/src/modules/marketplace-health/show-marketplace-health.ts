import { MSG } from '@comped/shared/messages';
import type { HealthReport, HealthWeek } from '@comped/shared/schemas/slots';
import { addDays, weekStartOf } from '@comped/shared/time';
import { SLOT_RULES } from '@comped/shared/validation/slots';
import { sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { rowsOf } from '../../jobs/queue';
import { appError } from '../../lib/app-error';

interface WeekRow {
  week: string;
  requested: string | number | null;
  accepted: string | number | null;
  hosted: string | number | null;
  booked: string | number | null;
  no_shows: string | number | null;
  disputes: string | number | null;
  brands: string | number | null;
  media: string | number | null;
  answer_s: string | number | null;
  tasks_due: string | number | null;
  tasks_on_time: string | number | null;
  live: string | number | null;
  capacity: string | number | null;
  application_s: string | number | null;
  campaign_s: string | number | null;
}

/** The weeks asked for: Mondays (UTC) from the week of `from` to the week of `to`; default the last 12. */
export function healthRange(ctx: AppContext, query: { from?: string; to?: string }): { from: string; to: string } {
  const today = ctx.clock.now().toISOString().slice(0, 10);
  const to = weekStartOf(query.to ?? today);
  const from = weekStartOf(query.from ?? addDays(to, -7 * 11));
  const weeks = (Date.parse(to) - Date.parse(from)) / (7 * 86_400_000) + 1;
  if (weeks < 1 || weeks > SLOT_RULES.healthMaxWeeks) {
    throw appError('validation_failed', { field: 'from', message: MSG.healthRange });
  }
  return { from, to };
}

const n = (v: string | number | null) => (v === null ? 0 : Number(v));
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null);
const hours = (seconds: string | number | null) => (seconds === null ? null : Math.round(Number(seconds) / 360) / 10);

/**
 * GET admin/health (issue 30): the marketplace week by week, in one statement of set-based SQL over
 * generate_series weeks. Booking figures are by the visit's week (`bookings.week_start`, indexed):
 * requested (every request), accepted (ever accepted: a check-in code was handed out), hosted
 * (finished), booked places (pending, accepted, finished, no-show) over the weekly capacity of the
 * campaigns live that week (fill rate), active brands and media users (those with a booking that
 * week), the median time from request to the brand's first answer, no-shows over visits that were
 * due, disputes over no-shows, tasks done within 7 days of the visit over tasks due. Live campaigns
 * and their capacity come from one pass over campaigns (each adds itself at its approval's week and
 * removes itself after its last day's week, summed up to each week); approvals by the week they
 * happened.
 */
export async function showMarketplaceHealth(
  ctx: AppContext,
  range: { from: string; to: string },
): Promise<HealthReport> {
  const now = ctx.clock.now();
  const from = sql`${range.from}::date`;
  const to = sql`${range.to}::date`;
  const result = await ctx.db.execute(sql`
    with weeks as (
      select w::date as week from generate_series(${from}, ${to}, interval '7 days') w
    ),
    b as (
      select bk.week_start as week,
        count(*) as requested,
        count(*) filter (where bk.check_in_code is not null) as accepted,
        count(*) filter (where bk.status = 'finished') as hosted,
        count(*) filter (where bk.status in ('pending', 'accepted', 'finished', 'no_show')) as booked,
        count(*) filter (where bk.status = 'no_show') as no_shows,
        count(*) filter (where bk.disputed_at is not null) as disputes,
        count(distinct bk.brand_id) as brands,
        count(distinct bk.user_id) as media,
        percentile_cont(0.5) within group (order by extract(epoch from bk.answered_at - bk.created_at))
          filter (where bk.answered_at is not null) as answer_s,
        count(tk.id) filter (where tk.completed_at is not null or bk.visit_at + interval '7 days' <= ${now})
          as tasks_due,
        count(tk.id) filter (where tk.completed_at <= bk.visit_at + interval '7 days') as tasks_on_time
      from bookings bk
      left join tasks tk on tk.booking_id = bk.id
      where bk.week_start between ${from} and ${to}
      group by bk.week_start
    ),
    c as (
      select v.week, sum(v.d) as d, sum(v.d * coalesce((cp.booking->>'max_bookings_per_week')::int, 1)) as cap
      from campaigns cp,
      lateral (values
        (greatest(date_trunc('week', cp.approved_at at time zone 'UTC')::date, ${from}), 1),
        (case when cp.expires_on < ${to} then date_trunc('week', cp.expires_on)::date + 7 end, -1)
      ) v(week, d)
      where cp.approved_at is not null and cp.status in ('approved', 'expired') and cp.deleted_at is null
        and cp.approved_at < ${to} + 7 and (cp.expires_on is null or cp.expires_on >= ${from})
        and v.week is not null
      group by v.week
    ),
    live as (
      select weeks.week, sum(c.d) as live, sum(c.cap) as capacity
      from weeks join c on c.week <= weeks.week
      group by weeks.week
    ),
    apps as (
      select date_trunc('week', ma.reviewed_at at time zone 'UTC')::date as week,
        percentile_cont(0.5) within group (order by extract(epoch from ma.reviewed_at - ma.created_at)) as application_s
      from media_applications ma
      where ma.status = 'approved' and ma.reviewed_at >= ${from} and ma.reviewed_at < ${to} + 7
      group by 1
    ),
    approvals as (
      select date_trunc('week', cp.approved_at at time zone 'UTC')::date as week,
        percentile_cont(0.5) within group (order by extract(epoch from cp.approved_at - cp.submitted_at)) as campaign_s
      from campaigns cp
      where cp.approved_at >= ${from} and cp.approved_at < ${to} + 7 and cp.submitted_at is not null
      group by 1
    )
    select to_char(weeks.week, 'YYYY-MM-DD') as week, b.requested, b.accepted, b.hosted, b.booked, b.no_shows,
      b.disputes, b.brands, b.media, b.answer_s, b.tasks_due, b.tasks_on_time, live.live, live.capacity,
      apps.application_s, approvals.campaign_s
    from weeks
    left join b on b.week = weeks.week
    left join live on live.week = weeks.week
    left join apps on apps.week = weeks.week
    left join approvals on approvals.week = weeks.week
    order by weeks.week
  `);
  const weeks: HealthWeek[] = rowsOf<WeekRow>(result).map((r) => ({
    week_start: r.week,
    active_brands: n(r.brands),
    active_media: n(r.media),
    live_campaigns: n(r.live),
    bookings_requested: n(r.requested),
    bookings_accepted: n(r.accepted),
    bookings_hosted: n(r.hosted),
    fill_rate: ratio(n(r.booked), n(r.capacity)),
    median_hours_to_answer_request: hours(r.answer_s),
    median_hours_to_approve_application: hours(r.application_s),
    median_hours_to_approve_campaign: hours(r.campaign_s),
    no_show_rate: ratio(n(r.no_shows), n(r.hosted) + n(r.no_shows)),
    dispute_rate: ratio(n(r.disputes), n(r.no_shows)),
    tasks_done_within_7_days: ratio(n(r.tasks_on_time), n(r.tasks_due)),
  }));
  return { from: range.from, to: range.to, weeks };
}

/** The CSV's columns: the week's figures, as the JSON names them. */
export const HEALTH_CSV_COLUMNS = [
  'week_start',
  'active_brands',
  'active_media',
  'live_campaigns',
  'bookings_requested',
  'bookings_accepted',
  'bookings_hosted',
  'fill_rate',
  'median_hours_to_answer_request',
  'median_hours_to_approve_application',
  'median_hours_to_approve_campaign',
  'no_show_rate',
  'dispute_rate',
  'tasks_done_within_7_days',
] as const satisfies readonly (keyof HealthWeek)[];
