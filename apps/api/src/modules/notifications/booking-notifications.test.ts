import type { BookingResource } from '@comped/shared/schemas/resources';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { insertCampaign as insertReviewCampaign } from '../../../test/campaign-fixtures';
import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookings, jobs, mailOutbox, pushSubscriptions, tasks } from '../../db/schema';
import { ALL_WEEK, insertCampaign, insertLocation } from '../bookings/bookings.fixtures';
import { expirePendingBookings } from '../bookings/expire-pending-bookings';
import { sendReminder } from '../bookings/send-reminder';
import { PUSH_SEND_JOB } from '../push/push-message';

/**
 * Issue 26, phase B: the booking's lifecycle tells both sides, through the API as they read it: the
 * conversation opened with the request and its inline events, `conversation_id` on every booking
 * answer, one notification per change with its recipient, sentence and page, and its web push.
 */

// Monday 2026-06-01 12:00 UTC; the visits are on Thursday 2026-06-04 in New York.
const NOW = new Date('2026-06-01T12:00:00Z');
const HOUR = 3600_000;

let t: TestApp;
let brand: TestBrand;
let otherBrand: TestBrand;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
  brand = await createBrandOwner(t.ctx, { name: 'Bistro Uno' });
  otherBrand = await createBrandOwner(t.ctx, { name: 'Elsewhere' });
  staff = await createUser(t.ctx, { role: 'staff' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.freeze(NOW);
});

const at = (ms: number) => t.clock.freeze(new Date(ms));

interface Notice {
  id: number;
  type: string;
  title: string;
  body: string;
  link: string;
  read_at: string | null;
}
interface ThreadMessage {
  kind: 'text' | 'event';
  event: string | null;
  body: string;
  sender: { id: number; name: string } | null;
}

async function noticesOf(user: TestUser): Promise<Notice[]> {
  const res = await t.app.inject({ url: '/api/v1/notifications?page[size]=50', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Notice[] }).data;
}

/** The newest notification of `type` the user sees (newest first). */
async function latest(user: TestUser, type: string): Promise<Notice | undefined> {
  return (await noticesOf(user)).find((n) => n.type === type);
}

async function thread(user: TestUser, conversationId: number): Promise<ThreadMessage[]> {
  const res = await t.app.inject({ url: `/api/v1/conversations/${conversationId}/messages`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: ThreadMessage[] }).data;
}

const events = async (user: TestUser, conversationId: number) =>
  (await thread(user, conversationId)).filter((m) => m.kind === 'event').map((m) => m.event);

/** An influencer's pending request for Thursday 2026-06-04 at 10:00 in New York. */
async function requested(name = 'Ann Visitor') {
  const user = await createUser(t.ctx, { role: 'influencer', name });
  const location = await insertLocation(t.ctx, brand.brandId, {
    hours: ALL_WEEK.map((h) => ({ ...h, end_time: '22:00' })),
  });
  const campaign = await insertCampaign(t.ctx, brand.brandId, [location.id], { name: 'Summer menu' });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers: user.headers,
    payload: {
      campaign_id: campaign.id,
      location_id: location.id,
      booking_date: '2026-06-04',
      booking_time: '10:00',
      guests: 2,
    },
  });
  expect(made.statusCode).toBe(201);
  const booking = (made.json() as { data: BookingResource }).data;
  const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
  return { user, booking, row: row!, location, campaign };
}

function answer(bookingId: number, status: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/brands/${brand.brandId}/bookings/${bookingId}`,
    headers: brand.headers,
    payload: { status },
  });
}

async function accepted(name?: string) {
  const v = await requested(name);
  expect((await answer(v.booking.id, 'accepted')).statusCode).toBe(200);
  const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, v.booking.id));
  return { ...v, row: row! };
}

describe("a booking's conversation", () => {
  it('opens with the request; every booking answer carries its conversation_id', async () => {
    const v = await requested();
    const id = v.booking.conversation_id;
    expect(id).toEqual(expect.any(Number));
    const brandList = await t.app.inject({
      url: `/api/v1/brands/${brand.brandId}/bookings?page[size]=50`,
      headers: brand.headers,
    });
    const mine = (brandList.json() as { data: BookingResource[] }).data.find((b) => b.id === v.booking.id);
    expect(mine?.conversation_id).toBe(id);
    // Every row of a list has one (read in one batch).
    expect((brandList.json() as { data: BookingResource[] }).data.every((b) => b.conversation_id !== null)).toBe(true);
    const mediaList = await t.app.inject({
      url: `/api/v1/influencers/${v.user.id}/bookings`,
      headers: v.user.headers,
    });
    expect((mediaList.json() as { data: BookingResource[] }).data[0]?.conversation_id).toBe(id);
    const pass = await t.app.inject({
      url: `/api/v1/influencers/${v.user.id}/bookings/${v.booking.id}`,
      headers: v.user.headers,
    });
    expect((pass.json() as { data: BookingResource }).data.conversation_id).toBe(id);
    const answered = await answer(v.booking.id, 'accepted');
    expect((answered.json() as { data: BookingResource }).data.conversation_id).toBe(id);
    // The conversation is both sides' and nobody else's.
    const inbox = await t.app.inject({ url: '/api/v1/conversations', headers: brand.headers });
    expect((inbox.json() as { data: { id: number; booking_id: number }[] }).data).toContainEqual(
      expect.objectContaining({ id, booking_id: v.booking.id }),
    );
    const outsider = await t.app.inject({ url: `/api/v1/conversations/${id}/messages`, headers: otherBrand.headers });
    expect(outsider.statusCode).toBe(404);
  });

  it('shows the request and the answer inline, with the visit, in the one story both sides read', async () => {
    const v = await accepted();
    const id = v.booking.conversation_id!;
    const brandSees = await thread(brand, id);
    expect(brandSees.map((m) => [m.kind, m.body])).toEqual([
      ['event', 'Booking requested · Thu, Jun 4, 2026 at 10:00 AM'],
      ['event', 'Booking accepted · Thu, Jun 4, 2026 at 10:00 AM'],
    ]);
    expect(brandSees.every((m) => m.sender === null)).toBe(true);
    expect(await thread(v.user, id)).toEqual(brandSees);
    // Events are activity, not unread messages.
    const inbox = await t.app.inject({ url: '/api/v1/conversations', headers: v.user.headers });
    expect((inbox.json() as { meta: { unread_total: number } }).meta.unread_total).toBe(0);
  });
});

describe('notifications of the booking lifecycle', () => {
  it('booking_requested goes to the brand side, with the media user, the visit and the bookings page', async () => {
    const v = await requested('Rita Request');
    const n = await latest(brand, 'booking_requested');
    expect(n).toMatchObject({
      title: 'New booking request',
      body: 'Rita Request asked to visit on Thu, Jun 4, 2026 at 10:00 AM (Summer menu).',
      link: '/bookings',
      read_at: null,
    });
    expect(await latest(v.user, 'booking_requested')).toBeUndefined();
    expect(await latest(otherBrand, 'booking_requested')).toBeUndefined();
  });

  it('booking_accepted and booking_declined go to the media user', async () => {
    const a = await accepted();
    expect(await latest(a.user, 'booking_accepted')).toMatchObject({
      title: 'Booking accepted',
      body: 'Bistro Uno accepted your visit on Thu, Jun 4, 2026 at 10:00 AM.',
      link: '/bookings/upcoming',
    });
    const d = await requested();
    expect((await answer(d.booking.id, 'declined')).statusCode).toBe(200);
    expect(await latest(d.user, 'booking_declined')).toMatchObject({
      title: 'Booking declined',
      body: 'Bistro Uno declined your request for Thu, Jun 4, 2026 at 10:00 AM.',
      link: '/bookings/past',
    });
    expect(await events(d.user, d.booking.conversation_id!)).toEqual(['requested', 'declined']);
    expect(await latest(brand, 'booking_accepted')).toBeUndefined();
  });

  it('booking_cancelled goes to the brand side when the media user cancels', async () => {
    const v = await accepted('Cal Cancel');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${v.user.id}/bookings/${v.booking.id}`,
      headers: v.user.headers,
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);
    expect(await latest(brand, 'booking_cancelled')).toMatchObject({
      title: 'Booking cancelled',
      body: 'Cal Cancel cancelled the visit on Thu, Jun 4, 2026 at 10:00 AM.',
      link: '/bookings/past',
    });
    expect(await latest(v.user, 'booking_cancelled')).toBeUndefined();
    expect(await events(brand, v.booking.conversation_id!)).toEqual(['requested', 'accepted', 'cancelled']);
  });

  it('an expired request tells the media user, in the thread and the bell', async () => {
    const v = await requested();
    at(v.row.visitAt.getTime() + 60_000);
    expect(await expirePendingBookings(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await latest(v.user, 'booking_declined')).toMatchObject({
      title: 'Request expired',
      body: 'Bistro Uno did not answer your request for Thu, Jun 4, 2026 at 10:00 AM in time, so it expired.',
      link: '/bookings/past',
    });
    const last = (await thread(brand, v.booking.conversation_id!)).at(-1);
    expect(last).toMatchObject({ kind: 'event', event: 'declined' });
    expect(last?.body).toContain('expired');
  });

  it('checked_in, no_show and dispute_settled go to the media user; the thread shows the check-in and the no-show', async () => {
    const v = await accepted();
    at(v.row.visitAt.getTime());
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/v1/brands/${brand.brandId}/bookings/${v.booking.id}/checkin`,
      headers: brand.headers,
      payload: { code: 'ZZZZZZ' },
    });
    expect(wrong.statusCode).toBe(422);
    // A refused code tells nobody anything.
    expect(await latest(v.user, 'checked_in')).toBeUndefined();
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/v1/brands/${brand.brandId}/bookings/${v.booking.id}/checkin`,
      headers: brand.headers,
      payload: { code: v.row.checkInCode },
    });
    expect(ok.statusCode).toBe(200);
    expect(await latest(v.user, 'checked_in')).toMatchObject({
      title: 'Checked in',
      body: 'You are checked in at Bistro Uno. Enjoy your visit!',
      link: '/bookings/upcoming',
    });
    expect(await events(v.user, v.booking.conversation_id!)).toEqual(['requested', 'accepted', 'checked_in']);

    t.clock.freeze(NOW);
    const w = await accepted();
    at(w.row.visitAt.getTime() + 3 * HOUR);
    expect((await answer(w.booking.id, 'no_show')).statusCode).toBe(200);
    expect(await latest(w.user, 'no_show')).toMatchObject({
      title: 'Marked as a no-show',
      body: 'Bistro Uno marked your visit on Thu, Jun 4, 2026 at 10:00 AM as a no-show. You can dispute it within 48 hours.',
      link: '/bookings/past',
    });
    expect(await events(brand, w.booking.conversation_id!)).toEqual(['requested', 'accepted', 'no_show']);
    const disputed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/influencers/${w.user.id}/bookings/${w.booking.id}/dispute`,
      headers: w.user.headers,
      payload: { note: 'I was there, table 4.' },
    });
    expect(disputed.statusCode).toBe(200);
    const settled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/disputes/${w.booking.id}/settle`,
      headers: staff.headers,
      payload: { outcome: 'finished' },
    });
    expect(settled.statusCode).toBe(200);
    expect(await latest(w.user, 'dispute_settled')).toMatchObject({
      title: 'Dispute settled',
      body: 'Our team settled the dispute about the visit on Thu, Jun 4, 2026 at 10:00 AM: it counts as a visit.',
      link: '/bookings/past',
    });
    // One mail, the settlement's own: notify does not send the kind a second time.
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, w.user.email));
    expect(mails.filter((m) => /dispute|settled/i.test(m.subject)).map((m) => m.subject)).toEqual([
      'Your no-show dispute for Bistro Uno is settled',
    ]);
  });

  it('a settled dispute mails only a media user who wants dispute mails; the bell tells them either way', async () => {
    const v = await accepted();
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notification-preferences',
      headers: v.user.headers,
      payload: { mail: { dispute_settled: false } },
    });
    expect(off.statusCode).toBe(200);
    at(v.row.visitAt.getTime() + 3 * HOUR);
    expect((await answer(v.booking.id, 'no_show')).statusCode).toBe(200);
    const disputed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/influencers/${v.user.id}/bookings/${v.booking.id}/dispute`,
      headers: v.user.headers,
      payload: { note: 'I was there.' },
    });
    expect(disputed.statusCode).toBe(200);
    const settled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/disputes/${v.booking.id}/settle`,
      headers: staff.headers,
      payload: { outcome: 'no_show' },
    });
    expect(settled.statusCode).toBe(200);
    expect(await latest(v.user, 'dispute_settled')).toMatchObject({
      body: 'Our team settled the dispute about the visit on Thu, Jun 4, 2026 at 10:00 AM: the no-show stands.',
    });
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, v.user.email));
    expect(mails.filter((m) => /settled/i.test(m.subject))).toEqual([]);
  });

  it('task_due goes to the media user with the task page; task_completed to the brand side, posts delivered inline', async () => {
    const v = await accepted('Tess Task');
    const [task] = await t.ctx.db.select().from(tasks).where(eq(tasks.bookingId, v.booking.id));
    at(v.row.visitAt.getTime() + 3 * 24 * HOUR);
    expect(await sendReminder(t.ctx, v.booking.id, 'task-day-3')).toBe(true);
    expect(await latest(v.user, 'task_due')).toMatchObject({
      title: 'Task due',
      body: 'Your task for Bistro Uno is due on Thu, Jun 11, 2026.',
      link: `/tasks/${task!.id}`,
    });
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${v.user.id}/tasks/${task!.id}`,
      headers: v.user.headers,
      payload: { posts: '[]', completed: 1, geolocalized: 1, hashtagged: 1, posted: 1, tagged: 1, rating: 5 },
    });
    expect(done.statusCode).toBe(200);
    expect(await latest(brand, 'task_completed')).toMatchObject({
      title: 'Task completed',
      body: 'Tess Task completed the task for Summer menu.',
      link: '/bookings/past',
    });
    const story = await thread(brand, v.booking.conversation_id!);
    expect(story.map((m) => m.event)).toEqual(['requested', 'accepted', 'task_due', 'posts_delivered']);
    expect(story[2]?.body).toBe('Task due · due Thu, Jun 11, 2026');
  });
});

describe('notifications of the campaign review', () => {
  it('campaign_approved and campaign_sent_back go to the brand side with the campaign page', async () => {
    const approved = await insertReviewCampaign(t.ctx, {
      brandId: brand.brandId,
      status: 'review',
      name: 'Terrace nights',
      launchDate: '2026-06-10',
      expiresOn: null,
    });
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/campaigns/${approved.id}/approve`,
      headers: staff.headers,
    });
    expect(ok.statusCode).toBe(200);
    expect(await latest(brand, 'campaign_approved')).toMatchObject({
      title: 'Campaign approved',
      body: 'Terrace nights is live: media users can book it now.',
      link: `/campaigns/${approved.id}`,
    });
    const back = await insertReviewCampaign(t.ctx, { brandId: brand.brandId, status: 'review', name: 'Brunch club' });
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/campaigns/${back.id}/reject`,
      headers: staff.headers,
      payload: { reason: 'Please add a photo of the dish.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await latest(brand, 'campaign_sent_back')).toMatchObject({
      title: 'Campaign sent back',
      body: 'Our team sent Brunch club back: Please add a photo of the dish.',
      link: `/campaigns/${back.id}`,
    });
    expect(await latest(otherBrand, 'campaign_approved')).toBeUndefined();
  });
});

describe('web push', () => {
  it("each notification is pushed to a user who has subscriptions, and nobody else's pushes are queued", async () => {
    const v = await requested();
    await t.ctx.db.insert(pushSubscriptions).values({
      userId: v.user.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/test-${v.user.id}`,
      p256dh: 'BPk',
      auth: 'secret',
    });
    expect((await answer(v.booking.id, 'accepted')).statusCode).toBe(200);
    const n = await latest(v.user, 'booking_accepted');
    const pushes = await t.ctx.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.name, PUSH_SEND_JOB), eq(jobs.singletonKey, `push:${n!.id}`)));
    expect(pushes.map((p) => p.payload)).toEqual([
      { userId: v.user.id, notificationId: n!.id, title: n!.title, body: n!.body, link: '/bookings/upcoming' },
    ]);
    // The brand owner has no subscription: the request's notification queued no push.
    const ownerNotice = await latest(brand, 'booking_requested');
    const none = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `push:${ownerNotice!.id}`));
    expect(none).toEqual([]);
  });
});
