import { MSG } from '@comped/shared/messages';
import type { TaskResource } from '@comped/shared/schemas/resources';
import type { TaskPostInput } from '@comped/shared/validation/task';
import { missingPosts } from '@comped/shared/validation/task';
import { and, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { TaskPost } from '../../db/schema';
import { bookings, brands, campaigns, locations, tasks, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { dateInZone } from '../../lib/clock';
import { recordEvent } from '../analytics/record-event';
import { notifyBrandSide, postBookingEvent } from '../bookings/booking-notices';
import { recordDeliveredContent } from '../content/record-delivered-content';
import { queueMail } from '../mail/queue-mail';
import { notificationText } from '../notifications/notification-texts';
import { createPostVerifier } from './post-verifier';
import { loadOwnTask } from './task-queries';
import { taskCompletedMail } from './tasks.mails';
import { toTaskResources } from './tasks.serializer';

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
