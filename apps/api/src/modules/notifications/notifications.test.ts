import { NOTIFICATION_TEXT, NOTIFICATION_TYPES } from '@comped/shared/notification-kinds';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { notificationListSchema, notificationPreferencesSchema } from '@comped/shared/schemas/notifications';
import { REQUIRED_MAIL_TYPES } from '@comped/shared/validation/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestUser } from '../../../test/factories';
import { createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { mailOutbox } from '../../db/schema';
import { notificationText } from './notification-texts';
import { notify } from './notify';

let t: TestApp;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.ctx, { role: 'influencer', name: 'Nina Notified' });
  other = await createUser(t.ctx, { role: 'brands' });
});
afterAll(async () => t.close());

const get = (who: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: who.headers });
const write = (who: TestUser, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: who.headers, payload: payload as Record<string, unknown> });
const list = async (who: TestUser, query = '') =>
  notificationListSchema.parse((await get(who, `notifications${query}`)).json());
const mailsTo = (email: string) => t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe('notifications', () => {
  it("lists the caller's own, newest first, with the unread count; filter[unread]=1 keeps the unread", async () => {
    const ids: number[] = [];
    for (const when of ['Mon, Jun 1 at 7:00 PM', 'Tue, Jun 2 at 7:00 PM', 'Wed, Jun 3 at 7:00 PM']) {
      ids.push(
        await notify(t.ctx.db, t.ctx, {
          userId: user.id,
          ...notificationText.bookingAccepted({ brandName: 'Juniper', when }),
        }),
      );
    }
    await notify(t.ctx.db, t.ctx, { userId: other.id, ...notificationText.checkedIn({ brandName: 'Elsewhere' }) });
    const all = await list(user);
    expect(all.data.map((n) => n.id)).toEqual([...ids].reverse());
    expect(all.data[0]).toMatchObject({
      type: 'booking_accepted',
      title: 'Booking accepted',
      body: 'Juniper accepted your visit on Wed, Jun 3 at 7:00 PM.',
      link: '/bookings/upcoming',
      read_at: null,
    });
    expect(all.meta).toMatchObject({ total: 3, unread: 3, current_page: 1 });
    const paged = await list(user, '?page[size]=2&page[number]=2');
    expect(paged.data.map((n) => n.id)).toEqual([ids[0]]);

    // Another user's id is left alone; the caller's is read.
    expect((await write(user, 'POST', 'notifications/read', { ids: [ids[0], 999999] })).statusCode).toBe(204);
    const otherList = await list(other);
    expect((await write(user, 'POST', 'notifications/read', { ids: [otherList.data[0]!.id] })).statusCode).toBe(204);
    expect((await list(other)).meta.unread).toBe(1);
    const unread = await list(user, '?filter[unread]=1');
    expect(unread.data.map((n) => n.id)).toEqual([ids[2], ids[1]]);
    expect(unread.meta).toMatchObject({ total: 2, unread: 2 });

    expect((await write(user, 'POST', 'notifications/read', { all: true })).statusCode).toBe(204);
    expect((await list(user)).meta.unread).toBe(0);
    expect((await list(user)).data.every((n) => n.read_at !== null)).toBe(true);
  });

  it('refuses a read request that names neither ids nor all', async () => {
    for (const body of [{}, { ids: [] }, { all: false }, { ids: [1], all: true }, { ids: ['x'] }]) {
      const res = await write(user, 'POST', 'notifications/read', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const res = await write(user, 'POST', 'notifications/read', {});
    expect(res.json().errors.ids).toEqual([NOTIFICATION_TEXT.idsOrAll]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
  });
});

describe('notification preferences', () => {
  it('starts from the defaults, keeps required mails on, and changes only the types named', async () => {
    const me = await createUser(t.ctx, { role: 'journalist' });
    const first = dataOf(notificationPreferencesSchema).parse((await get(me, 'notification-preferences')).json()).data;
    expect(Object.keys(first.mail).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    expect(first.mail).toMatchObject({ message: true, checked_in: false, booking_accepted: true });
    expect(first.required).toEqual([...REQUIRED_MAIL_TYPES]);

    const changed = await write(me, 'PUT', 'notification-preferences', { mail: { message: false, checked_in: true } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.mail).toMatchObject({ message: false, checked_in: true, dispute_settled: true });
    const again = await write(me, 'PUT', 'notification-preferences', { mail: { dispute_settled: false } });
    expect(again.json().data.mail).toMatchObject({ message: false, checked_in: true, dispute_settled: false });

    const required = await write(me, 'PUT', 'notification-preferences', { mail: { booking_accepted: false } });
    expect(required.statusCode).toBe(422);
    expect(required.json().errors).toEqual({ 'mail.booking_accepted': [NOTIFICATION_TEXT.requiredMail] });
    const unknown = await write(me, 'PUT', 'notification-preferences', { mail: { party: true, message: true } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'mail.party': [NOTIFICATION_TEXT.unknownType] });
    const notBoolean = await write(me, 'PUT', 'notification-preferences', { mail: { message: 'yes' } });
    expect(notBoolean.statusCode).toBe(422);
    expect(Object.keys(notBoolean.json().errors)).toEqual(['mail.message']);
    // Nothing of a refused request was kept.
    expect((await get(me, 'notification-preferences')).json().data.mail.message).toBe(false);
  });

  it('mails through notify only the kinds it sends, and only when wanted', async () => {
    const me = await createUser(t.ctx, { role: 'influencer', name: 'Mae Mail' });
    // checked_in mails through notify, off by default.
    await notify(t.ctx.db, t.ctx, { userId: me.id, ...notificationText.checkedIn({ brandName: 'Juniper' }) });
    expect(await mailsTo(me.email)).toHaveLength(0);
    await write(me, 'PUT', 'notification-preferences', { mail: { checked_in: true } });
    await notify(t.ctx.db, t.ctx, { userId: me.id, ...notificationText.checkedIn({ brandName: 'Juniper' }) });
    const mails = await mailsTo(me.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Checked in');
    expect(mails[0]!.text).toContain('You are checked in at Juniper. Enjoy your visit!');
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/bookings/upcoming`);
    // A required kind is mailed by its own change, never a second time here; messages by the unread job.
    await notify(t.ctx.db, t.ctx, {
      userId: me.id,
      ...notificationText.bookingAccepted({ brandName: 'J', when: 'today' }),
    });
    await notify(t.ctx.db, t.ctx, {
      userId: me.id,
      ...notificationText.message({ fromName: 'J', text: 'Hi', conversationId: 1 }),
    });
    expect(await mailsTo(me.email)).toHaveLength(1);
  });
});
