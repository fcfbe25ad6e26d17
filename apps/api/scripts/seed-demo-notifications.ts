/**
 * The demo's conversations and notifications (issue 26): each demo booking has its thread with its
 * events inline, the accepted and the finished visit a few messages; the brand and the influencer
 * each find an unread message in their inbox and, in the bell, notifications both unread and read.
 * Written through the same functions the app uses (the thread, notify), so counts and links agree.
 */
import { inArray, sql } from 'drizzle-orm';

import type { AppContext } from '../src/context';
import { bookings, notifications, tasks } from '../src/db/schema';
import {
  notifyBrandSide,
  notifyMedia,
  postBookingEvent,
  taskDueDay,
  visitWhen,
} from '../src/modules/bookings/booking-notices';
import { appendTextMessage } from '../src/modules/conversations/append-message';
import { brandSideRecipientsOf } from '../src/modules/conversations/conversations.policy';
import { openBookingConversation } from '../src/modules/conversations/open-conversation';
import { notificationText } from '../src/modules/notifications/notification-texts';

type BookingRow = typeof bookings.$inferSelect;

export async function seedNotificationsDemo(
  ctx: AppContext,
  seed: {
    brand: { name: string };
    campaigns: { id: number; name: string }[];
    people: { id: number; name: string }[];
    bookings: BookingRow[];
  },
): Promise<void> {
  const demo = {
    brandName: seed.brand.name,
    campaignNames: new Map(seed.campaigns.map((c) => [c.id, c.name])),
    people: new Map(seed.people.map((u) => [u.id, u.name])),
  };
  const readIds: number[] = [];
  await ctx.db.transaction(async (tx) => {
    const taskRows = await tx
      .select({ id: tasks.id, bookingId: tasks.bookingId })
      .from(tasks)
      .where(
        inArray(
          tasks.bookingId,
          seed.bookings.map((b) => b.id),
        ),
      );
    const taskIdOf = new Map(taskRows.map((t) => [t.bookingId, t.id]));
    for (const b of seed.bookings) {
      const when = visitWhen(b);
      const mediaName = demo.people.get(b.userId) ?? '';
      const campaignName = demo.campaignNames.get(b.campaignId) ?? '';
      const conversation = await openBookingConversation(tx, b);
      await postBookingEvent(tx, ctx, b, 'requested', when);
      await notifyBrandSide(tx, ctx, b, notificationText.bookingRequested({ mediaName, campaignName, when }));
      if (b.status === 'pending') continue;
      await postBookingEvent(tx, ctx, b, 'accepted', when);
      await notifyMedia(tx, ctx, b, notificationText.bookingAccepted({ brandName: demo.brandName, when }));
      const [ownerId] = await brandSideRecipientsOf(tx, b.brandId, b.locationId);
      if (ownerId === undefined) throw new Error('the demo brand has no owner');
      const brandSide = { id: ownerId };
      const media = { id: b.userId };
      if (b.status === 'accepted') {
        // The brand wrote last: the influencer has an unread message.
        await appendTextMessage(tx, ctx, conversation, media, 'Hi! Is there parking near the restaurant?');
        await appendTextMessage(tx, ctx, conversation, brandSide, 'Yes, there is a garage on the corner.');
        await appendTextMessage(tx, ctx, conversation, media, 'Running 10 minutes late');
        await appendTextMessage(tx, ctx, conversation, brandSide, 'Of course, no problem. Your table is ready.');
        const taskId = taskIdOf.get(b.id);
        if (taskId) {
          await postBookingEvent(tx, ctx, b, 'task_due', `due ${taskDueDay(b)}`);
          await notifyMedia(
            tx,
            ctx,
            b,
            notificationText.taskDue({ brandName: demo.brandName, due: taskDueDay(b), taskId }),
          );
        }
      } else if (b.status === 'finished') {
        // The influencer wrote last: the brand has an unread message.
        await appendTextMessage(tx, ctx, conversation, brandSide, 'Thanks for visiting!');
        await postBookingEvent(tx, ctx, b, 'posts_delivered', '1 link');
        await notifyBrandSide(tx, ctx, b, notificationText.taskCompleted({ mediaName, campaignName }));
        await appendTextMessage(tx, ctx, conversation, media, 'Thank you for having me! The post is up.');
      }
    }
    // The older kinds read already, so the bell shows both states.
    const older = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.type, ['booking_accepted', 'task_completed']));
    readIds.push(...older.map((r) => r.id));
    if (readIds.length > 0) {
      await tx.update(notifications).set({ readAt: ctx.clock.now() }).where(inArray(notifications.id, readIds));
    }
    // Who answered in a thread has read it: their notification of it is read too.
    await tx.execute(sql`
      update notifications n set read_at = ${ctx.clock.now()}
      from conversation_reads r
      where n.type = 'message' and n.read_at is null and r.user_id = n.user_id
        and n.group_key = 'conversation:' || r.conversation_id and r.unread_count = 0`);
  });
}
