/**
 * Reference handlers of the bookings tabs (brand, host, media) and the tasks list: one statement
 * reads the page with every related row (user, campaign and brand, location, task, conversation,
 * decider, the kept reliability) as JSON built in SQL, the total runs beside it. The product's pure field
 * rules (bookings.serializer.ts) turn the rows into resources, so the bodies match field for field.
 */
import type { TaskResource } from '@comped/shared/schemas/resources';

import type { BookingRow, BookingView } from '../src/modules/bookings/bookings.serializer';
import { toBookingResource } from '../src/modules/bookings/bookings.serializer';
import { toTaskResource } from '../src/modules/tasks/tasks.serializer';
import type { Query, RefMembership, RefUser } from './reference-db';
import { camel, meta, pageOf } from './reference-db';

const PAST = ['finished', 'declined', 'cancelled', 'no_show'];

/** The total of a tab: a count on the owner's index (the product reads its kept counter). */
function totalSql(where: string): string {
  return `SELECT count(*)::int AS n FROM bookings b WHERE ${where}`;
}

/** The page (`page` CTE of bookings rows) with its related rows as JSON, in `order`. */
function pageSql(pageCte: string, order: string, extra = ''): string {
  return `WITH page AS (${pageCte})
    SELECT page.*,
      json_build_object('id', u.id, 'name', u.name, 'profilePicture', u.profile_picture, 'role', u.role,
        'tier', u.tier, 'bio', u.bio, 'location', u.location, 'workplace', u.workplace,
        'instagram', u.instagram, 'twitter', u.twitter, 'tiktok', u.tiktok) AS ref_user,
      json_build_object('id', c.id, 'name', c.name, 'categoryId', c.category_id, 'booking', c.booking,
        'brandId', br.id, 'brandName', br.name, 'brandLogo', br.logo, 'brandType', br.brand_type) AS ref_campaign,
      json_build_object('id', l.id, 'name', l.name, 'address', l.address, 'phone', l.phone, 'time_zone', l.time_zone) AS ref_location,
      CASE WHEN t.id IS NOT NULL THEN json_build_object('id', t.id, 'completed', t.completed, 'posts', t.posts,
        'closedAt', t.closed_at) END AS ref_task,
      conv.id AS ref_conversation_id, d.name AS ref_decider,
      rel.visits AS ref_visits, rel.good AS ref_good, rel.decided AS ref_decided${extra}
    FROM page
    JOIN users u ON u.id = page.user_id
    JOIN campaigns c ON c.id = page.campaign_id JOIN brands br ON br.id = c.brand_id
    JOIN locations l ON l.id = page.location_id
    LEFT JOIN tasks t ON t.booking_id = page.id
    LEFT JOIN conversations conv ON conv.booking_id = page.id
    LEFT JOIN users d ON d.id = page.decided_by
    LEFT JOIN media_reliability rel ON rel.user_id = page.user_id
    ORDER BY ${order}`;
}

type PageRow = Record<string, unknown> & {
  ref_user: BookingView['user'];
  ref_campaign: BookingView['campaign'];
  ref_location: BookingView['location'];
  ref_task: (NonNullable<BookingView['task']> & { closedAt: string | null }) | null;
  ref_conversation_id: number | null;
  ref_decider: string | null;
  ref_visits: number | null;
  ref_good: number | null;
  ref_decided: number | null;
};

function viewOf(row: PageRow): BookingView {
  const booking = camel<BookingRow>(row);
  const task = row.ref_task;
  return {
    booking,
    user: row.ref_user,
    campaign: row.ref_campaign,
    location: row.ref_location,
    task: task ? { ...task, closedAt: task.closedAt === null ? null : new Date(task.closedAt) } : undefined,
    reliability:
      row.ref_decided === null || row.ref_decided === 0
        ? { percent: null, visits: row.ref_visits ?? 0 }
        : { percent: Math.round((100 * row.ref_good!) / row.ref_decided), visits: row.ref_visits! },
    conversationId: row.ref_conversation_id,
    decidedBy: booking.decidedBy === null ? null : { name: row.ref_decider ?? '' },
  };
}

/** GET brands/{id}/bookings and influencers/{id}/bookings?filter[status]=... */
export async function referenceBookings(
  query: Query,
  owner: { userId: number } | RefMembership,
  url: URL,
): Promise<unknown> {
  const p = pageOf(url);
  const statuses = (url.searchParams.get('filter[status]') ?? '').split(',').filter(Boolean);
  const side = 'userId' in owner ? 'media' : 'brand';
  const values: unknown[] = ['userId' in owner ? owner.userId : owner.brandId, statuses];
  let where = `${'userId' in owner ? 'b.user_id' : 'b.brand_id'} = $1 AND b.status = ANY($2::text[])`;
  if (!('userId' in owner) && owner.locationIds) {
    values.push([0, ...owner.locationIds]);
    where += ` AND b.location_id = ANY($3::int[])`;
  }
  const pastOnly = statuses.length > 0 && statuses.every((s) => PAST.includes(s));
  const dir = pastOnly ? 'DESC' : 'ASC';
  const key = `ref_bookings_${side}_${values.length}_${dir}`;
  const n = values.length;
  const [rows, [total]] = await Promise.all([
    query<PageRow>(
      key,
      pageSql(
        `SELECT * FROM bookings b WHERE ${where} ORDER BY b.visit_at ${dir}, b.id ${dir} LIMIT $${n + 1} OFFSET $${n + 2}`,
        `page.visit_at ${dir}, page.id ${dir}`,
      ),
      [...values, p.size, (p.number - 1) * p.size],
    ),
    query<{ n: number }>(`${key}_total`, totalSql(where), values),
  ]);
  const now = new Date();
  return {
    data: rows.map((r) => toBookingResource(viewOf(r), { side, now })),
    meta: meta(p.number, p.size, total?.n ?? 0),
  };
}

/** GET influencers/{id}/tasks: the tasks of live bookings, latest visit first, each with its booking. */
export async function referenceTasks(query: Query, user: RefUser, url: URL): Promise<unknown> {
  const p = pageOf(url);
  const where = `t.user_id = $1 AND b.status IN ('accepted', 'finished')`;
  const [rows, [total]] = await Promise.all([
    query<
      PageRow & {
        ref_task_row: {
          id: number;
          completed: boolean;
          geolocalized: boolean;
          hashtagged: boolean;
          posted: boolean;
          tagged: boolean;
          rating: number | null;
          propertyOption: string | null;
          posts: NonNullable<BookingView['task']>['posts'];
          closedAt: string | null;
        };
        ref_instructions: TaskResource['influencer_instructions'];
        ref_usage_rights: TaskResource['usage_rights'];
      }
    >(
      'ref_tasks',
      pageSql(
        `SELECT b.*, t.id AS ref_task_id FROM tasks t JOIN bookings b ON b.id = t.booking_id WHERE ${where}
         ORDER BY b.visit_at DESC, t.id DESC LIMIT $2 OFFSET $3`,
        'page.visit_at DESC, page.ref_task_id DESC',
        `, json_build_object('id', t.id, 'completed', t.completed, 'geolocalized', t.geolocalized,
          'hashtagged', t.hashtagged, 'posted', t.posted, 'tagged', t.tagged, 'rating', t.rating,
          'propertyOption', t.property_option, 'posts', t.posts, 'closedAt', t.closed_at) AS ref_task_row,
          c.influencer_instructions AS ref_instructions, c.usage_rights AS ref_usage_rights`,
      ),
      [user.id, p.size, (p.number - 1) * p.size],
    ),
    query<{ n: number }>(
      'ref_tasks_total',
      `SELECT count(*)::int AS n FROM tasks t JOIN bookings b ON b.id = t.booking_id WHERE ${where}`,
      [user.id],
    ),
  ]);
  const now = new Date();
  const data = rows.map((r) => {
    delete r.ref_task_id;
    const view = viewOf(r);
    const booking = toBookingResource(view, { side: 'media', now });
    const t = {
      ...r.ref_task_row,
      closedAt: r.ref_task_row.closedAt === null ? null : new Date(r.ref_task_row.closedAt),
    };
    return toTaskResource(
      t,
      { row: view.booking, resource: booking },
      { influencerInstructions: r.ref_instructions ?? null, usageRights: r.ref_usage_rights ?? null },
      now,
    );
  });
  return { data, meta: meta(p.number, p.size, total?.n ?? 0) };
}
