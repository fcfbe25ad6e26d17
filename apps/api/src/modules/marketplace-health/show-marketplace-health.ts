import { SLOT_RULES } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { HealthReport, HealthWeek } from '@comped/shared/schemas/slots';
import { addDays, weekStartOf } from '@comped/shared/time';
import { sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { rowsOf } from '../../jobs/queue';
import { appError } from '../../lib/app-error';

type Num = string | number | null;

/** A week's booking figures and median time to approve a campaign: what health_weeks stores. */
interface SettledFigures {
  week: string;
  requested: Num;
  accepted: Num;
  hosted: Num;
  booked: Num;
  no_shows: Num;
  disputes: Num;
  brands: Num;
  media: Num;
  answer_s: Num;
  tasks_due: Num;
  tasks_on_time: Num;
  campaign_s: Num;
}

/** What is always computed live: live campaigns and capacity, the median time to approve an application. */
interface LiveRow extends Partial<SettledFigures> {
  week: string;
  live: Num;
  capacity: Num;
  application_s: Num;
}

/**
 * A week is settled from 15 days after its Monday: its visits were all over by its Sunday midnight
 * plus half a day (the farthest zone), so every task's 7 days are past and no figure of it depends
 * on the clock any more (health_week_touch bumps weeks from 14 days, the day before).
 */
const SETTLED_AFTER_DAYS = 15;

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

const n = (v: Num | undefined) => (v === null || v === undefined ? 0 : Number(v));
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null);
const hours = (seconds: Num | undefined) =>
  seconds === null || seconds === undefined ? null : Math.round(Number(seconds) / 360) / 10;

function weeksOf(range: { from: string; to: string }): string[] {
  const weeks: string[] = [];
  for (let w = range.from; w <= range.to; w = addDays(w, 7)) weeks.push(w);
  return weeks;
}

/**
 * GET admin/health (issue 30): the marketplace week by week (ADR 022 for the figures, ADR 023 for
 * how they are read). Booking figures are by the visit's week (`bookings.week_start`, indexed):
 * requested (every request), accepted (ever accepted: a check-in code was handed out), hosted
 * (finished), booked places (pending, accepted, finished, no-show) over the weekly capacity of the
 * campaigns live that week (fill rate), active brands and media users (those with a booking that
 * week), the median time from request to the brand's first answer, no-shows over visits that were
 * due, disputes over no-shows, tasks done within 7 days of the visit over tasks due (the task's
 * state is on its booking). Live campaigns and their capacity are sums of campaign_live_weeks up to
 * each week; approvals by the week they happened.
 *
 * A settled week's booking figures and median time to approve a campaign are read from health_weeks
 * while its version says no write changed them; the other weeks are computed live, and the settled
 * ones among them stored, with the version read in the same statement, for the next reader.
 */
export async function showMarketplaceHealth(
  ctx: AppContext,
  range: { from: string; to: string },
): Promise<HealthReport> {
  const now = ctx.clock.now();
  const settledUntil = addDays(now.toISOString().slice(0, 10), -SETTLED_AFTER_DAYS);
  const from = sql`${range.from}::date`;
  const to = sql`${range.to}::date`;
  const stored = rowsOf<SettledFigures>(
    await ctx.db.execute(sql`
      select to_char(week, 'YYYY-MM-DD') as week, requested, accepted, hosted, booked, no_shows, disputes, brands,
        media, answer_s, tasks_due, tasks_on_time, campaign_s
      from health_weeks
      where week between ${from} and ${to} and computed_version = version
    `),
  );
  const storedByWeek = new Map(stored.map((r) => [r.week, r]));
  const missing = weeksOf(range).filter((w) => !storedByWeek.has(w));
  const missingArray = sql`${`{${missing.join(',')}}`}::date[]`;
  const lo = sql`${missing[0] ?? range.from}::date`;
  const hi = sql`${missing.length > 0 ? addDays(missing.at(-1)!, 7) : range.from}::date`;
  const live = rowsOf<LiveRow>(
    await ctx.db.execute(sql`
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
          count(*) filter (where bk.has_task and (bk.task_completed_at is not null or bk.visit_at + interval '7 days' <= ${now}))
            as tasks_due,
          count(*) filter (where bk.task_completed_at <= bk.visit_at + interval '7 days') as tasks_on_time
        from bookings bk
        where bk.week_start = any(${missingArray})
        group by bk.week_start
      ),
      live as (
        select weeks.week, sum(l.campaigns) as live, sum(l.places) as capacity
        from weeks join campaign_live_weeks l on l.week <= weeks.week
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
        where cp.approved_at >= ${lo} and cp.approved_at < ${hi} and cp.submitted_at is not null
        group by 1
      ),
      computed as (
        select weeks.week, coalesce(hw.version, 0) as version, b.requested, b.accepted, b.hosted, b.booked, b.no_shows,
          b.disputes, b.brands, b.media, b.answer_s, b.tasks_due, b.tasks_on_time, approvals.campaign_s
        from weeks
        left join b on b.week = weeks.week
        left join approvals on approvals.week = weeks.week
        left join health_weeks hw on hw.week = weeks.week
        where weeks.week = any(${missingArray})
      ),
      store as (
        insert into health_weeks as h (week, version, computed_version, requested, accepted, hosted, booked, no_shows,
          disputes, brands, media, answer_s, tasks_due, tasks_on_time, campaign_s)
        select week, version, version, requested, accepted, hosted, booked, no_shows, disputes, brands, media, answer_s,
          tasks_due, tasks_on_time, campaign_s
        from computed
        where week <= ${settledUntil}::date
        order by week
        on conflict (week) do update set computed_version = excluded.computed_version, requested = excluded.requested,
          accepted = excluded.accepted, hosted = excluded.hosted, booked = excluded.booked, no_shows = excluded.no_shows,
          disputes = excluded.disputes, brands = excluded.brands, media = excluded.media, answer_s = excluded.answer_s,
          tasks_due = excluded.tasks_due, tasks_on_time = excluded.tasks_on_time, campaign_s = excluded.campaign_s
      )
      select to_char(weeks.week, 'YYYY-MM-DD') as week, computed.requested, computed.accepted, computed.hosted,
        computed.booked, computed.no_shows, computed.disputes, computed.brands, computed.media, computed.answer_s,
        computed.tasks_due, computed.tasks_on_time, computed.campaign_s, live.live, live.capacity, apps.application_s
      from weeks
      left join computed on computed.week = weeks.week
      left join live on live.week = weeks.week
      left join apps on apps.week = weeks.week
      order by weeks.week
    `),
  );
  const weeks: HealthWeek[] = live.map((l) => {
    const r: Partial<SettledFigures> = storedByWeek.get(l.week) ?? l;
    return {
      week_start: l.week,
      active_brands: n(r.brands),
      active_media: n(r.media),
      live_campaigns: n(l.live),
      bookings_requested: n(r.requested),
      bookings_accepted: n(r.accepted),
      bookings_hosted: n(r.hosted),
      fill_rate: ratio(n(r.booked), n(l.capacity)),
      median_hours_to_answer_request: hours(r.answer_s),
      median_hours_to_approve_application: hours(l.application_s),
      median_hours_to_approve_campaign: hours(r.campaign_s),
      no_show_rate: ratio(n(r.no_shows), n(r.hosted) + n(r.no_shows)),
      dispute_rate: ratio(n(r.disputes), n(r.no_shows)),
      tasks_done_within_7_days: ratio(n(r.tasks_on_time), n(r.tasks_due)),
    };
  });
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
