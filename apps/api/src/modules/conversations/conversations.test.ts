import { MSG } from '@comped/shared/messages';
import { conversationListSchema, messagePageSchema } from '@comped/shared/schemas/conversations';
import { conversationReportSchema } from '@comped/shared/schemas/conversations';
import { pagedOf } from '@comped/shared/schemas/envelopes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { insertCampaign } from '../../../test/campaign-fixtures';
import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { mailOutbox, notifications } from '../../db/schema';
import { createVisit } from '../tasks/task.fixtures';
import { mailUnreadMessages, UNREAD_MAIL_JOB } from './conversations.jobs';
import { conversationIdsOfBookings, openBookingConversation } from './open-conversation';
import { postConversationEvent } from './post-conversation-event';

let t: TestApp;
let brand: TestBrand;
let otherBrand: TestBrand;
let influencer: TestUser;
let otherInfluencer: TestUser;
let journalist: TestUser;
let staff: TestUser;
// Near the real time: the tokens are issued by the real clock and expire after 30 idle days.
const T0 = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3600_000);
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  brand = await createBrandOwner(t.ctx, { name: 'Juniper Kitchen' });
  otherBrand = await createBrandOwner(t.ctx, { name: 'Other Place' });
  influencer = await createUser(t.ctx, { role: 'influencer', name: 'Ivy Influencer' });
  otherInfluencer = await createUser(t.ctx, { role: 'influencer', name: 'Olive Other' });
  journalist = await createUser(t.ctx, { role: 'journalist', name: 'Jo Reporter', tier: 3 });
  staff = await createUser(t.ctx, { role: 'staff' });
});
afterAll(async () => t.close());
beforeEach(() => t.clock.freeze(T0));

const inject = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: user ? user.headers : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A pending booking of the influencer at the brand, with its conversation opened as the request would. */
async function bookingConversation(media: TestUser = influencer, at: TestBrand = brand) {
  const { booking } = await createVisit(t.ctx, {
    brandId: at.brandId,
    userId: media.id,
    status: 'pending',
    withTask: false,
    visitAt: new Date(T0.getTime() + 3 * 86400_000),
  });
  const conversation = await t.ctx.db.transaction((tx) =>
    openBookingConversation(tx, { id: booking.id, brandId: at.brandId, userId: media.id }),
  );
  return { booking, conversationId: conversation.id };
}

const send = (user: TestUser, id: number, body: unknown) =>
  inject(user, 'POST', `conversations/${id}/messages`, { body });

describe('a booking conversation (phase B entry points)', () => {
  it('is opened once per booking and shows its events inline to both sides, never as unread', async () => {
    const { booking, conversationId } = await bookingConversation();
    const again = await t.ctx.db.transaction((tx) =>
      openBookingConversation(tx, { id: booking.id, brandId: brand.brandId, userId: influencer.id }),
    );
    expect(again.id).toBe(conversationId);
    await t.ctx.db.transaction((tx) =>
      postConversationEvent(tx, t.ctx, conversationId, { code: 'requested', detail: 'Sat, Mar 9 at 7:00 PM' }),
    );
    for (const user of [influencer, brand]) {
      const page = messagePageSchema.parse(
        (await inject(user, 'GET', `conversations/${conversationId}/messages`)).json(),
      );
      expect(page.data).toEqual([
        expect.objectContaining({
          kind: 'event',
          event: 'requested',
          sender: null,
          body: 'Booking requested · Sat, Mar 9 at 7:00 PM',
          conversation_id: conversationId,
        }),
      ]);
      const list = conversationListSchema.parse((await inject(user, 'GET', 'conversations')).json());
      const item = list.data.find((c) => c.id === conversationId)!;
      expect(item).toMatchObject({
        booking_id: booking.id,
        // What the visit is: its campaign, day and time, as the booking holds them.
        booking: { campaign_name: 'Spring menu', booking_date: booking.bookingDate, booking_time: booking.bookingTime },
        brand: { id: brand.brandId, name: 'Juniper Kitchen' },
        media_user: { id: influencer.id, name: 'Ivy Influencer' },
        last_message: { body: 'Booking requested · Sat, Mar 9 at 7:00 PM', sender_id: null },
        unread: 0,
      });
    }
    expect(await conversationIdsOfBookings(t.ctx.db, [booking.id, 999999])).toEqual(
      new Map([[booking.id, conversationId]]),
    );
  });

  it('answers 404 to anyone outside it, and 403 to staff', async () => {
    const { conversationId } = await bookingConversation();
    for (const outsider of [otherInfluencer, otherBrand, journalist]) {
      expect((await inject(outsider, 'GET', `conversations/${conversationId}`)).statusCode).toBe(404);
      expect((await inject(outsider, 'GET', `conversations/${conversationId}/messages`)).statusCode).toBe(404);
      expect((await send(outsider, conversationId, 'Hello?')).statusCode).toBe(404);
      expect((await inject(outsider, 'POST', `conversations/${conversationId}/read`)).statusCode).toBe(404);
      expect(
        (await inject(outsider, 'POST', `conversations/${conversationId}/report`, { reason: 'x' })).statusCode,
      ).toBe(404);
      const list = conversationListSchema.parse((await inject(outsider, 'GET', 'conversations')).json());
      expect(list.data.map((c) => c.id)).not.toContain(conversationId);
    }
    expect((await inject(staff, 'GET', `conversations/${conversationId}`)).statusCode).toBe(403);
    expect((await inject(null, 'GET', 'conversations')).statusCode).toBe(401);
  });
});

describe('messages', () => {
  it('sends trimmed text as text, counts it unread for the other side until read, and says Seen', async () => {
    const { conversationId } = await bookingConversation();
    const res = await send(influencer, conversationId, '  <b>Running 10 minutes late</b> https://x.test  ');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      conversation_id: conversationId,
      sender: { id: influencer.id, name: 'Ivy Influencer' },
      body: '<b>Running 10 minutes late</b> https://x.test',
      kind: 'text',
      event: null,
      sent_at: T0.toISOString(),
    });
    const messageId = res.json().data.id as number;

    const brandList = conversationListSchema.parse((await inject(brand, 'GET', 'conversations')).json());
    expect(brandList.data.find((c) => c.id === conversationId)).toMatchObject({
      unread: 1,
      last_message: { id: messageId, sender_id: influencer.id },
    });
    expect(brandList.meta.unread_total).toBeGreaterThanOrEqual(1);
    const mine = conversationListSchema.parse((await inject(influencer, 'GET', 'conversations')).json());
    expect(mine.data.find((c) => c.id === conversationId)!.unread).toBe(0);

    // Not seen yet; the brand reads; now seen, and the brand's count is back to zero.
    const before = messagePageSchema.parse(
      (await inject(influencer, 'GET', `conversations/${conversationId}/messages`)).json(),
    );
    expect(before.meta.read_up_to).toBeNull();
    expect((await inject(brand, 'POST', `conversations/${conversationId}/read`)).statusCode).toBe(204);
    const after = messagePageSchema.parse(
      (await inject(influencer, 'GET', `conversations/${conversationId}/messages`)).json(),
    );
    expect(after.meta.read_up_to).toBe(messageId);
    const read = conversationListSchema.parse((await inject(brand, 'GET', 'conversations')).json());
    expect(read.data.find((c) => c.id === conversationId)!.unread).toBe(0);
    expect(read.meta.unread_total).toBe(brandList.meta.unread_total - 1);

    // The brand's answer speaks as the brand (its team reads who wrote it: the owner's account bears
    // the brand's name here), and so the media user reads it.
    const reply = await send(brand, conversationId, 'See you soon!');
    expect(reply.json().data.sender).toEqual({ id: brand.id, name: 'Juniper Kitchen', member_name: 'Juniper Kitchen' });
    const thread = (await inject(influencer, 'GET', `conversations/${conversationId}/messages`)).json();
    expect(thread.data.at(-1).sender).toEqual({ id: brand.id, name: 'Juniper Kitchen' });
  });

  it('refuses an empty or too long message with the field rule, and saves nothing', async () => {
    const { conversationId } = await bookingConversation();
    for (const body of ['', '   \n ', undefined]) {
      const res = await send(influencer, conversationId, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ body: [MSG.required] });
    }
    const long = await send(influencer, conversationId, 'x'.repeat(2001));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.body).toEqual(['This field may not be greater than 2000 characters.']);
    expect((await send(influencer, conversationId, 'x'.repeat(2000))).statusCode).toBe(201);
    const page = messagePageSchema.parse(
      (await inject(influencer, 'GET', `conversations/${conversationId}/messages`)).json(),
    );
    expect(page.data).toHaveLength(1);
  });

  it('answers the newest 30 oldest first, and pages back with page[before]', async () => {
    const { conversationId } = await bookingConversation();
    for (let i = 1; i <= 35; i += 1) {
      t.clock.freeze(minutes(i));
      expect((await send(i % 2 ? influencer : brand, conversationId, `Message ${i}`)).statusCode).toBe(201);
    }
    const first = messagePageSchema.parse(
      (await inject(brand, 'GET', `conversations/${conversationId}/messages`)).json(),
    );
    expect(first.data.map((m) => m.body)).toEqual(Array.from({ length: 30 }, (_, i) => `Message ${i + 6}`));
    expect(first.meta.has_more).toBe(true);
    const earlier = messagePageSchema.parse(
      (await inject(brand, 'GET', `conversations/${conversationId}/messages?page[before]=${first.data[0]!.id}`)).json(),
    );
    expect(earlier.data.map((m) => m.body)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
    expect(earlier.meta.has_more).toBe(false);
    const bad = await inject(brand, 'GET', `conversations/${conversationId}/messages?page[before]=abc`);
    expect(bad.statusCode).toBe(422);
  });

  it('lists the inbox by latest activity, and the cursor continues where the page before ended', async () => {
    const media = await createUser(t.ctx, { role: 'influencer', name: 'Paging Media' });
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { conversationId } = await bookingConversation(media);
      t.clock.freeze(minutes(i));
      await send(media, conversationId, `Hello ${i}`);
      ids.push(conversationId);
    }
    // The oldest one comes back to the top with a new message.
    t.clock.freeze(minutes(10));
    await send(media, ids[0]!, 'Hello again');
    const expected = [ids[0], ids[4], ids[3], ids[2], ids[1]];
    const page1 = conversationListSchema.parse((await inject(media, 'GET', 'conversations?page[size]=2')).json());
    expect(page1.data.map((c) => c.id)).toEqual(expected.slice(0, 2));
    expect(page1.meta).toMatchObject({ total: 5, last_page: 3, per_page: 2 });
    const page2 = conversationListSchema.parse(
      (
        await inject(media, 'GET', `conversations?page[size]=2&page[number]=2&page[cursor]=${page1.data[1]!.id}`)
      ).json(),
    );
    expect(page2.data.map((c) => c.id)).toEqual(expected.slice(2, 4));
    const byOffset = conversationListSchema.parse(
      (await inject(media, 'GET', 'conversations?page[size]=2&page[number]=3')).json(),
    );
    expect(byOffset.data.map((c) => c.id)).toEqual(expected.slice(4));
  });

  it('limits each user to 30 messages a minute', async () => {
    const media = await createUser(t.ctx, { role: 'influencer' });
    const { conversationId } = await bookingConversation(media);
    for (let i = 0; i < 30; i += 1) expect((await send(media, conversationId, `m${i}`)).statusCode).toBe(201);
    const refused = await send(media, conversationId, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.freeze(minutes(1));
    expect((await send(media, conversationId, 'a minute later')).statusCode).toBe(201);
  });

  it('leaves one `message` notification per conversation while unread, read with the conversation', async () => {
    const { conversationId } = await bookingConversation();
    await send(influencer, conversationId, 'First');
    await send(influencer, conversationId, 'Second');
    const rows = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, brand.id), eq(notifications.groupKey, `conversation:${conversationId}`)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'message',
      title: 'New message from Ivy Influencer',
      body: 'Second',
      link: `/inbox/${conversationId}`,
      readAt: null,
    });
    await inject(brand, 'POST', `conversations/${conversationId}/read`);
    const [after] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, rows[0]!.id));
    expect(after!.readAt).not.toBeNull();
  });
});

const mailsTo = (email: string) =>
  t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id);

describe('the unread-message mail', () => {
  it('mails a message unread after 10 minutes, once per conversation an hour, with a link to the thread', async () => {
    const owner = await createBrandOwner(t.ctx, { name: 'Mailing Bistro' });
    const { conversationId } = await bookingConversation(influencer, owner);
    await send(influencer, conversationId, 'Can I bring my +1?');
    t.clock.freeze(minutes(9));
    await mailUnreadMessages(t.ctx);
    expect(await mailsTo(owner.email)).toHaveLength(0);
    t.clock.freeze(minutes(10));
    expect(await mailUnreadMessages(t.ctx)).toBeGreaterThanOrEqual(1);
    const [mail] = await mailsTo(owner.email);
    expect(mail!.subject).toBe('New message from Ivy Influencer');
    expect(mail!.text).toContain('Can I bring my +1?');
    expect(mail!.text).toContain(`${t.config.publicUrl}/inbox/${conversationId}`);
    expect(mail!.text).toContain(MSG.conversationMailNoReply);

    // Another message within the hour: no second mail until an hour after the first.
    t.clock.freeze(minutes(20));
    await send(influencer, conversationId, 'Running 10 minutes late');
    t.clock.freeze(minutes(45));
    await mailUnreadMessages(t.ctx);
    expect(await mailsTo(owner.email)).toHaveLength(1);
    t.clock.freeze(minutes(70));
    await mailUnreadMessages(t.ctx);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Running 10 minutes late');

    // Read: nothing more.
    await inject(owner, 'POST', `conversations/${conversationId}/read`);
    t.clock.freeze(minutes(200));
    await mailUnreadMessages(t.ctx);
    expect(await mailsTo(owner.email)).toHaveLength(2);
  });

  it('sends nothing to a user who read it in time, or who turned message mails off', async () => {
    const owner = await createBrandOwner(t.ctx, { name: 'Quiet Bistro' });
    const { conversationId } = await bookingConversation(influencer, owner);
    await send(owner, conversationId, 'Your table is ready.');
    t.clock.freeze(minutes(5));
    await inject(influencer, 'POST', `conversations/${conversationId}/read`);
    t.clock.freeze(minutes(30));
    await mailUnreadMessages(t.ctx);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notification-preferences',
      headers: owner.headers,
      payload: { mail: { message: false } },
    });
    expect(off.statusCode).toBe(200);
    await send(influencer, conversationId, 'Thanks!');
    t.clock.freeze(minutes(60));
    await mailUnreadMessages(t.ctx);
    expect(await mailsTo(owner.email)).toHaveLength(0);
    expect((await mailsTo(influencer.email)).filter((m) => m.subject === 'New message from Quiet Bistro')).toHaveLength(
      0,
    );
  });

  it('runs as a job of the queue', async () => {
    const owner = await createBrandOwner(t.ctx, { name: 'Queued Bistro' });
    const { conversationId } = await bookingConversation(influencer, owner);
    await send(influencer, conversationId, 'Hello from the queue');
    t.clock.freeze(minutes(11));
    await t.ctx.jobs.runDue();
    const mails = await mailsTo(owner.email);
    expect(mails.map((m) => m.subject)).toEqual(['New message from Ivy Influencer']);
    expect(UNREAD_MAIL_JOB).toBe('conversation-unread-mail');
  });
});

describe('Contact Brand', () => {
  it('opens the journalist and brand conversation once, keeps the mail, and does not mail it twice', async () => {
    const owner = await createBrandOwner(t.ctx, { name: 'Contact Bistro' });
    await insertCampaign(t.ctx, { brandId: owner.brandId, target: ['journalist'], tierRangeJournalist: [3] });
    const contact = (message: string) =>
      inject(journalist, 'POST', `influencers/${journalist.id}/contactbrand`, { message, brand_id: owner.brandId });
    const first = await contact('Could we visit for a story?');
    expect(first.statusCode).toBe(201);
    const conversationId = first.json().data.conversation_id as number;
    expect(first.json().data).toEqual({ sent: true, conversation_id: conversationId });
    const second = await contact('Any news?');
    expect(second.json().data.conversation_id).toBe(conversationId);

    const inbox = conversationListSchema.parse((await inject(owner, 'GET', 'conversations')).json());
    expect(inbox.data).toEqual([
      expect.objectContaining({
        id: conversationId,
        booking_id: null,
        booking: null,
        media_user: expect.objectContaining({ id: journalist.id, name: 'Jo Reporter' }),
        unread: 2,
        last_message: expect.objectContaining({ body: 'Any news?', sender_id: journalist.id }),
      }),
    ]);
    const mails = await mailsTo(owner.email);
    expect(mails.map((m) => m.replyTo)).toEqual([journalist.email, journalist.email]);
    expect(mails[0]!.text).toContain(`/inbox/${conversationId}`);
    // The contact mails count as the hour's mail: no "New message" on top of them.
    t.clock.freeze(minutes(30));
    await mailUnreadMessages(t.ctx);
    expect((await mailsTo(owner.email)).filter((m) => m.subject.startsWith('New message'))).toHaveLength(0);

    // The brand answers in the thread.
    expect((await send(owner, conversationId, 'Of course, no problem.')).statusCode).toBe(201);
  });
});

describe('reports', () => {
  it('lets a participant flag a thread once, shows it to staff with its messages, and staff close it', async () => {
    const { conversationId } = await bookingConversation();
    await send(brand, conversationId, 'Something rude');
    const report = await inject(influencer, 'POST', `conversations/${conversationId}/report`, { reason: ' Rude ' });
    expect(report.statusCode).toBe(204);
    const again = await inject(influencer, 'POST', `conversations/${conversationId}/report`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_reported', message: MSG.conversationAlreadyReported });
    const empty = await inject(brand, 'POST', `conversations/${conversationId}/report`, { reason: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ reason: [MSG.reportReasonRequired] });

    expect((await inject(influencer, 'GET', 'admin/reports')).statusCode).toBe(403);
    const open = pagedOf(conversationReportSchema).parse((await inject(staff, 'GET', 'admin/reports')).json());
    const item = open.data.find((r) => r.conversation.id === conversationId)!;
    expect(item).toMatchObject({
      reason: 'Rude',
      reporter: { id: influencer.id, name: 'Ivy Influencer' },
      conversation: { closed: false, brand: { name: 'Juniper Kitchen' } },
    });
    expect(item.messages.map((m) => m.body)).toEqual(['Something rude']);

    expect((await inject(staff, 'POST', `admin/conversations/${conversationId}/close`)).statusCode).toBe(204);
    expect((await inject(staff, 'POST', 'admin/conversations/99999999/close')).statusCode).toBe(404);
    const refused = await send(brand, conversationId, 'More');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conversation_closed', message: MSG.conversationClosed });
    // Still readable, and shown closed.
    const page = messagePageSchema.parse(
      (await inject(influencer, 'GET', `conversations/${conversationId}/messages`)).json(),
    );
    expect(page.data.map((m) => m.body)).toEqual(['Something rude']);
    expect((await inject(influencer, 'GET', `conversations/${conversationId}`)).json().data.closed).toBe(true);
    const closed = pagedOf(conversationReportSchema).parse(
      (await inject(staff, 'GET', 'admin/reports?filter[status]=closed')).json(),
    );
    expect(closed.data.map((r) => r.conversation.id)).toContain(conversationId);
    const stillOpen = pagedOf(conversationReportSchema).parse((await inject(staff, 'GET', 'admin/reports')).json());
    expect(stillOpen.data.map((r) => r.conversation.id)).not.toContain(conversationId);
  });
});
