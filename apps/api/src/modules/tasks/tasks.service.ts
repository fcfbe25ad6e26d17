import { MSG } from '@comped/shared/messages';
import type { PageQuery } from '@comped/shared/paging';
import type { PageMeta } from '@comped/shared/paging';
import type { TaskResource } from '@comped/shared/schemas/resources';
import type { TaskPostInput } from '@comped/shared/validation/task';
import { missingPosts } from '@comped/shared/validation/task';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { fromDriver, preparedOn } from '../../db/prepared';
import type { TaskPost } from '../../db/schema';
import { bookings, brands, campaigns, locations, tasks, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { dateInZone } from '../../lib/clock';
import { pageMeta, pageOffset } from '../../lib/paging';
import { recordEvent } from '../analytics/analytics.service';
import { notifyBrandSide, postBookingEvent } from '../bookings/booking-notices';
import { bookingPage } from '../bookings/bookings.serializer';
import { recordDeliveredContent } from '../content/record-delivered-content';
import { queueMail } from '../mail/mail.service';
import { notificationText } from '../notifications/notification-texts';
import { createPostVerifier } from './post-verifier';
import { taskCompletedMail } from './tasks.mails';
import { assertOwnedBy } from './tasks.policy';
import type { TaskCampaignFields } from './tasks.serializer';
import { toTaskResource, toTaskResources } from './tasks.serializer';

/** Bookings whose task is live: an accepted visit, or one that has since finished. */
const VISITED_STATUSES = ['accepted', 'finished'] as const;

export async function listTasks(
  ctx: AppContext,
  userId: number,
  query: PageQuery & { completed?: boolean },
): Promise<{
  data: TaskResource[];
  meta: PageMeta;
}> {
  const page = query['page[number]'];
  const size = query['page[size]'];
  // One shape per completion filter (none, open, completed), each prepared once per connection with
  // its values as placeholders (issue 31).
  const shape = query.completed === undefined ? 'all' : query.completed ? 'completed' : 'open';
  const where = and(
    eq(tasks.userId, sql.placeholder('user')),
    inArray(bookings.status, [...VISITED_STATUSES]),
    shape === 'all' ? undefined : eq(tasks.completed, shape === 'completed'),
  );
  // Open tasks: the earliest visit first; completed ones: the latest completion first.
  const order =
    shape === 'open'
      ? [asc(bookings.visitAt), asc(tasks.id)]
      : shape === 'completed'
        ? [desc(tasks.completedAt), desc(tasks.id)]
        : [desc(bookings.visitAt), desc(tasks.id)];
  const totalQuery = preparedOn(ctx.db, `tasks_total:${shape}`, (on) =>
    on
      .select({ n: count() })
      .from(tasks)
      .innerJoin(bookings, eq(bookings.id, tasks.bookingId))
      .where(where)
      .prepare(`tasks_total:${shape}`),
  );
  const values = { user: userId, limit: size, offset: pageOffset(page, size) };
  const now = ctx.clock.now();
  // One statement for the page (its bookings' ids in order, then each booking with its related rows,
  // its task and its campaign's task columns), the total beside it; each prepared once per
  // connection and shape (issue 31).
  const [[totalRow], entries] = await Promise.all([
    totalQuery.execute(values),
    bookingPage(
      ctx.db,
      `tasks_page:${shape}`,
      () =>
        ctx.db
          .select({ id: bookings.id })
          .from(tasks)
          .innerJoin(bookings, eq(bookings.id, tasks.bookingId))
          .where(where)
          .orderBy(...order)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .getSQL(),
      values,
      { side: 'media', now },
      sql`to_json(t) as task_row, c.influencer_instructions as task_instructions, c.usage_rights as task_usage_rights`,
    ),
  ]);
  const data = entries.map(({ row, resource, raw }) =>
    toTaskResource(
      fromDriver(tasks, raw.task_row as Record<string, unknown>),
      { row, resource },
      {
        influencerInstructions: raw.task_instructions as TaskCampaignFields['influencerInstructions'],
        usageRights: raw.task_usage_rights as TaskCampaignFields['usageRights'],
      },
      now,
    ),
  );
  return { data, meta: pageMeta(page, size, Number(totalRow?.n ?? 0)) };
}

/**
 * A task of the signed-in user: another user's task is 403, an unknown id 404, and a task whose
 * booking was cancelled or declined is no longer shown (404).
 */
async function loadOwnTask(db: DbOrTx, userId: number, taskId: number) {
  const [row] = await db
    .select({ task: tasks, booking: bookings })
    .from(tasks)
    .innerJoin(bookings, eq(bookings.id, tasks.bookingId))
    .where(eq(tasks.id, taskId))
    .limit(1);
  if (!row) throw appError('not_found');
  assertOwnedBy(row.task, userId);
  if (!(VISITED_STATUSES as readonly string[]).includes(row.booking.status)) throw appError('not_found');
  return row;
}

export async function getTask(ctx: AppContext, userId: number, taskId: number): Promise<TaskResource> {
  const { task } = await loadOwnTask(ctx.db, userId, taskId);
  const [out] = await toTaskResources(ctx.db, [task], ctx.clock.now());
  if (!out) throw appError('not_found');
  return out;
}

export interface Completion {
  posts?: TaskPostInput[];
  geolocalized?: boolean;
  hashtagged?: boolean;
  posted?: boolean;
  tagged?: boolean;
  rating?: number;
  propertyOption?: string;
}

/**
 * Completes a task once, after the visit: sets the flags, records `task_completion` and mails the
 * brand owner, all in one transaction. A concurrent second completion finds no open row.
 */
export async function completeTask(
  ctx: AppContext,
  userId: number,
  taskId: number,
  input: Completion,
): Promise<TaskResource> {
  const now = ctx.clock.now();
  // Post links are checked before the transaction (the oEmbed verifier may wait on the networks),
  // once the task is known to be the user's and the links are enough for the campaign.
  let posts: TaskPost[] | undefined;
  if (input.posts) {
    const { booking } = await loadOwnTask(ctx.db, userId, taskId);
    const [campaign] = await ctx.db
      .select({ instructions: campaigns.influencerInstructions })
      .from(campaigns)
      .where(eq(campaigns.id, booking.campaignId))
      .limit(1);
    if (missingPosts(input.posts, campaign?.instructions ?? null))
      throw appError('validation_failed', { field: 'posts', message: MSG.taskPostsInvalid });
    posts = await verifyPosts(ctx, userId, input.posts);
  }
  const task = await ctx.db.transaction(async (tx) => {
    const { task: current, booking } = await loadOwnTask(tx, userId, taskId);
    if (current.completed) throw appError('task_already_completed');
    // The completion is written on the booking too (the health_task_sync trigger): take the booking
    // first, as a change of the booking (a no-show closing the task) does, so the two cannot deadlock.
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for('update');
    if (now.getTime() < booking.visitAt.getTime()) throw appError('visit_not_passed', { message: MSG.taskBeforeVisit });
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, booking.campaignId)).limit(1);
    if (!campaign) throw appError('not_found');
    if (input.posts && missingPosts(input.posts, campaign.influencerInstructions ?? null)) {
      throw appError('validation_failed', { field: 'posts', message: MSG.taskPostsInvalid });
    }
    const [updated] = await tx
      .update(tasks)
      .set({
        completed: true,
        completedAt: now,
        posts: posts ?? [],
        geolocalized: input.geolocalized ?? false,
        hashtagged: input.hashtagged ?? false,
        posted: input.posted ?? false,
        tagged: input.tagged ?? false,
        rating: input.rating ?? null,
        propertyOption: input.propertyOption ?? null,
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.completed, false)))
      .returning();
    if (!updated) throw appError('task_already_completed');

    await recordEvent(tx, 'task_completion', userId, now, { task_id: taskId, booking_id: booking.id });
    // The rights' days count from the delivery day at the venue, as the brand reads its calendar.
    const [venue] = await tx
      .select({ timeZone: locations.timeZone })
      .from(locations)
      .where(eq(locations.id, booking.locationId))
      .limit(1);
    const today = dateInZone(now, venue?.timeZone ?? ctx.config.tzDefault);
    await recordDeliveredContent(tx, { task: updated, booking, campaign, now, today });
    const [owner] = await tx
      .select({ email: users.email, brandName: brands.name })
      .from(brands)
      .innerJoin(users, eq(users.id, brands.ownerId))
      .where(eq(brands.id, booking.brandId))
      .limit(1);
    const [media] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (owner && media) {
      const mail = taskCompletedMail({
        to: owner.email,
        brandName: owner.brandName,
        mediaName: media.name,
        mediaType: media.role === 'journalist' ? 'journalist' : 'influencer',
        campaignName: campaign.name,
        bookingDate: booking.bookingDate,
        bookingTime: booking.bookingTime,
        posts: updated.posts,
        rating: updated.rating,
        propertyOption: updated.propertyOption,
        bookingsUrl: `${ctx.config.publicUrl}/bookings/upcoming`,
      });
      await queueMail(tx, mail);
    }
    const delivered = updated.posts.length;
    const detail = delivered > 0 ? `${delivered} ${delivered === 1 ? 'link' : 'links'}` : undefined;
    await postBookingEvent(tx, ctx, booking, 'posts_delivered', detail);
    if (media) {
      const text = notificationText.taskCompleted({ mediaName: media.name, campaignName: campaign.name });
      await notifyBrandSide(tx, ctx, booking, text);
    }
    return updated;
  });
  const [out] = await toTaskResources(ctx.db, [task], now);
  if (!out) throw appError('not_found');
  return out;
}

/**
 * Every link through the configured verifier: a link that fails is a 422 under its own field
 * (`posts.N.link`); the stored posts record how the verifier checked each one.
 */
async function verifyPosts(ctx: AppContext, userId: number, posts: TaskPostInput[]): Promise<TaskPost[]> {
  const [me] = await ctx.db
    .select({ instagram: users.instagram, tiktok: users.tiktok, twitter: users.twitter })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const handles = { instagram: me?.instagram, tiktok: me?.tiktok, x: me?.twitter };
  const verifier = createPostVerifier(ctx.config);
  const results = await Promise.all(posts.map((p) => verifier.verify(p, handles)));
  const errors: Record<string, string[]> = {};
  const out: TaskPost[] = [];
  results.forEach((r, i) => {
    const post = posts[i]!;
    if (!r.ok) errors[`posts.${i}.link`] = [r.message];
    else out.push({ type: post.type, link: post.link, check: r.check });
  });
  if (Object.keys(errors).length > 0) throw appError('validation_failed', { errors: errors });
  return out;
}

export interface ExperienceRating {
  rate_vibe: number;
  rate_food: number;
  rate_service: number;
  rate_general: number;
}

/** POST bookings/{id}/rate_experience: the booking's media user, after the visit, once. */
export async function rateExperience(ctx: AppContext, userId: number, bookingId: number, input: ExperienceRating) {
  const now = ctx.clock.now();
  const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) throw appError('not_found');
  assertOwnedBy(booking, userId);
  if (!(VISITED_STATUSES as readonly string[]).includes(booking.status)) {
    throw appError('visit_not_passed', { message: MSG.bookingNotVisited });
  }
  if (booking.experienceRatedAt) throw appError('experience_already_rated');
  if (now.getTime() < booking.visitAt.getTime())
    throw appError('visit_not_passed', { message: MSG.experienceBeforeVisit });
  const [updated] = await ctx.db
    .update(bookings)
    .set({
      rateVibe: input.rate_vibe,
      rateFood: input.rate_food,
      rateService: input.rate_service,
      rateGeneral: input.rate_general,
      experienceRatedAt: now,
      updatedAt: now,
    })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.experienceRatedAt)))
    .returning();
  if (!updated) throw appError('experience_already_rated');
  return {
    id: updated.id,
    rate_vibe: updated.rateVibe,
    rate_food: updated.rateFood,
    rate_service: updated.rateService,
    rate_general: updated.rateGeneral,
    rated_at: now.toISOString(),
  };
}
