import { MSG } from '@comped/shared/messages';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandMember, createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookings, brandMembers, mailOutbox, notifications } from '../../db/schema';
import { visitUid as uidOf } from '../calendar/feed-ics';
import { openBookingConversation } from '../conversations/open-conversation';
import { createVisit } from '../tasks/task.fixtures';

let t: TestApp;
let owner: TestBrand;
let other: TestBrand;
let influencer: TestUser;
let locationA: number;
let locationB: number;

const V = '/api/v1';

async function invite(body: Record<string, unknown>, who: TestUser = owner, brandId = owner.brandId) {
  return t.app.inject({ method: 'POST', url: `${V}/brands/${brandId}/members`, headers: who.headers, payload: body });
}

async function accept(token: string, name = 'Sam Host', password = 'door-password') {
  return t.app.inject({ method: 'POST', url: `${V}/members/accept`, payload: { token, name, password } });
}

async function readLink(token: string) {
  return t.app.inject({ method: 'POST', url: `${V}/members/invitation`, payload: { token } });
}

/** The token of the last invitation mailed to `email`, read from the link in the outbox. */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await t.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const match = /\/join\?token=([A-Za-z0-9_%-]+)/.exec(mail!.text);
  expect(mail!.html).toContain('/join?token=');
  return decodeURIComponent(match![1]!);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBrandOwner(t.ctx, { name: 'Blue Door' });
  other = await createBrandOwner(t.ctx, { name: 'Elsewhere' });
  influencer = await createUser(t.ctx, { role: 'influencer' });
  const a = await createVisit(t.ctx, {
    brandId: owner.brandId,
    userId: influencer.id,
    status: 'pending',
    withTask: false,
    visitAt: new Date(t.ctx.clock.now().getTime() + 3 * 86400_000),
  });
  const b = await createVisit(t.ctx, {
    brandId: owner.brandId,
    userId: influencer.id,
    status: 'pending',
    withTask: false,
    visitAt: new Date(t.ctx.clock.now().getTime() + 4 * 86400_000),
  });
  locationA = a.location.id;
  locationB = b.location.id;
});
afterAll(async () => t.close());

describe('invitations', () => {
  it('mails a link; accepting it creates the account, signs in as a host of the location', async () => {
    const email = 'sam.host@example.test';
    const res = await invite({ email, role: 'host', location_ids: [locationA] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      email,
      role: 'host',
      location_ids: [locationA],
      status: 'invited',
      name: null,
    });
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail!.subject).toBe("You're invited to join Blue Door on Comped");
    expect(mail!.text).toContain('expires in 7 days');
    const token = await mailedToken(email);

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json();
    expect(body.token_type).toBe('Bearer');
    expect(body.user).toMatchObject({
      name: 'Sam Host',
      email,
      profile: {
        type: 'brands',
        brand_role: 'host',
        location_ids: [locationA],
        brands: [{ id: owner.brandId, name: 'Blue Door' }],
      },
      status: 'active',
    });
    // The owner's bell says the team grew, and links to the team page.
    const bell = await t.app.inject({ url: `${V}/notifications`, headers: owner.headers });
    expect(bell.json().data).toContainEqual(
      expect.objectContaining({
        type: 'member_joined',
        title: 'Sam Host joined your team',
        body: 'Sam Host accepted your invitation to Blue Door.',
        link: '/profile/team',
      }),
    );
    // The member signs in with /login like the owner.
    const login = await t.app.inject({
      method: 'POST',
      url: `${V}/login`,
      payload: { email, password: 'door-password' },
    });
    expect(login.statusCode).toBe(200);
    const profile = await t.app.inject({
      url: `${V}/profile`,
      headers: { authorization: `Bearer ${login.json().access_token}` },
    });
    expect(profile.json().data.profile).toMatchObject({ brand_role: 'host', location_ids: [locationA] });

    const list = await t.app.inject({ url: `${V}/brands/${owner.brandId}/members`, headers: owner.headers });
    expect(list.json().data).toEqual([
      expect.objectContaining({ email, name: 'Sam Host', role: 'host', location_ids: [locationA], status: 'active' }),
    ]);

    // Reused: the link works once.
    const again = await accept(token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'invitation_invalid', errors: { token: [MSG.invitationUsed] } });
  });

  it('says what a link invites to before the account is made, and why a used, forged or expired one cannot be used', async () => {
    const email = 'reader@example.test';
    expect((await invite({ email, role: 'manager' })).statusCode).toBe(201);
    const token = await mailedToken(email);
    const read = await readLink(token);
    expect(read.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(brandMembers).where(eq(brandMembers.email, email));
    expect(read.json()).toEqual({
      data: { brand: { name: 'Blue Door' }, role: 'manager', email, expires_at: row!.expiresAt.toISOString() },
    });
    // Reading does not use the link up.
    expect((await readLink(token)).statusCode).toBe(200);
    expect((await accept(token, 'Rae Reader')).statusCode).toBe(200);
    expect((await readLink(token)).json()).toMatchObject({
      code: 'invitation_invalid',
      errors: { token: [MSG.invitationUsed] },
    });
    expect((await readLink('not-a-real-token')).json()).toMatchObject({ errors: { token: [MSG.invitationInvalid] } });
    expect((await readLink('')).statusCode).toBe(422);

    const late = 'late-reader@example.test';
    expect((await invite({ email: late, role: 'manager' })).statusCode).toBe(201);
    const lateToken = await mailedToken(late);
    t.clock.set(new Date(t.ctx.clock.now().getTime() + 7 * 86400_000 + 60_000));
    try {
      expect((await readLink(lateToken)).json()).toMatchObject({ errors: { token: [MSG.invitationExpired] } });
    } finally {
      t.clock.set(null);
    }
  });

  it('refuses a forged token and an expired one', async () => {
    const forged = await accept('not-a-real-token');
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toMatchObject({ code: 'invitation_invalid', errors: { token: [MSG.invitationInvalid] } });

    const email = 'late@example.test';
    expect((await invite({ email, role: 'manager' })).statusCode).toBe(201);
    const token = await mailedToken(email);
    t.clock.set(new Date(t.ctx.clock.now().getTime() + 7 * 86400_000 + 60_000));
    try {
      const expired = await accept(token);
      expect(expired.statusCode).toBe(422);
      expect(expired.json()).toMatchObject({ code: 'invitation_invalid', errors: { token: [MSG.invitationExpired] } });
    } finally {
      t.clock.set(null);
    }
    // No account was made.
    const login = await t.app.inject({
      method: 'POST',
      url: `${V}/login`,
      payload: { email, password: 'door-password' },
    });
    expect(login.statusCode).toBe(422);
  });

  it("refuses an e-mail that has an account, a host without a location, another brand's location", async () => {
    const taken = await invite({ email: influencer.email, role: 'manager' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual([MSG.emailTaken]);
    const noLocation = await invite({ email: 'h2@example.test', role: 'host', location_ids: [] });
    expect(noLocation.json().errors.location_ids).toEqual([MSG.memberHostNeedsLocation]);
    const otherVisit = await createVisit(t.ctx, { brandId: other.brandId, userId: influencer.id });
    const foreign = await invite({ email: 'h3@example.test', role: 'host', location_ids: [otherVisit.location.id] });
    expect(foreign.json().errors.location_ids).toEqual([MSG.memberLocationUnknown]);
  });

  it("is the owner's: a manager, a host, another brand are refused 403", async () => {
    const manager = await createBrandMember(t.ctx, other.brandId, 'manager');
    expect((await invite({ email: 'x@example.test', role: 'manager' }, manager, other.brandId)).statusCode).toBe(403);
    expect((await invite({ email: 'x@example.test', role: 'manager' }, other)).statusCode).toBe(403);
    const list = await t.app.inject({ url: `${V}/brands/${other.brandId}/members`, headers: manager.headers });
    expect(list.statusCode).toBe(403);
  });

  it('allows 10 members at most (422 member_limit_reached)', async () => {
    const full = await createBrandOwner(t.ctx, { name: 'Full House' });
    for (let i = 0; i < 10; i++) {
      expect((await invite({ email: `m${i}@full.test`, role: 'manager' }, full, full.brandId)).statusCode).toBe(201);
    }
    const eleventh = await invite({ email: 'm10@full.test', role: 'manager' }, full, full.brandId);
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json()).toMatchObject({ code: 'member_limit_reached', message: MSG.memberLimitReached });
    // Inviting a pending address again sends a new link and counts once.
    expect((await invite({ email: 'm3@full.test', role: 'manager' }, full, full.brandId)).statusCode).toBe(201);
  });
});

describe('members', () => {
  it("changes a role and locations, and a removed member's token answers 401 at once", async () => {
    const brand = await createBrandOwner(t.ctx, { name: 'Team Bistro' });
    const visit = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id });
    const host = await createBrandMember(t.ctx, brand.brandId, 'host', [visit.location.id]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${V}/brands/${brand.brandId}/members/${host.memberId}`,
      headers: brand.headers,
      payload: { role: 'manager', location_ids: [] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ role: 'manager', location_ids: [], status: 'active' });
    const profile = await t.app.inject({ url: `${V}/profile`, headers: host.headers });
    expect(profile.json().data.profile.brand_role).toBe('manager');

    expect(
      (await t.app.inject({ url: `${V}/brands/${brand.brandId}/bookings`, headers: host.headers })).statusCode,
    ).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${V}/brands/${brand.brandId}/members/${host.memberId}`,
      headers: brand.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: `${V}/brands/${brand.brandId}/bookings`, headers: host.headers })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: `${V}/profile`, headers: host.headers })).statusCode).toBe(401);
    const rows = await t.ctx.db.select().from(brandMembers).where(eq(brandMembers.brandId, brand.brandId));
    expect(rows).toEqual([]);
    // Another brand's member id: 404.
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `${V}/brands/${brand.brandId}/members/${host.memberId}`,
      headers: brand.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('invites a removed member again: the same account comes back with the new password', async () => {
    const brand = await createBrandOwner(t.ctx, { name: 'Second Chance' });
    const member = await createBrandMember(t.ctx, brand.brandId, 'host', [], 'Robin Former');
    await t.ctx.db.insert(notifications).values({
      userId: member.id,
      type: 'booking_requested',
      title: 'A request at Second Chance',
      body: 'Old team news',
      link: '/bookings',
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${V}/brands/${brand.brandId}/members/${member.memberId}`,
      headers: brand.headers,
    });
    expect(del.statusCode).toBe(204);
    // Still an account (earlier decisions keep its name), but its address is free for a new invitation.
    const again = await invite({ email: member.email, role: 'manager' }, brand, brand.brandId);
    expect(again.statusCode).toBe(201);
    const joined = await accept(await mailedToken(member.email), 'Robin Back', 'back-again-pw');
    expect(joined.statusCode).toBe(200);
    expect(joined.json().user).toMatchObject({ id: member.id, name: 'Robin Back' });
    const login = await t.app.inject({
      method: 'POST',
      url: `${V}/login`,
      payload: { email: member.email, password: 'back-again-pw' },
    });
    expect(login.statusCode).toBe(200);
    const profile = await t.app.inject({
      url: `${V}/profile`,
      headers: { authorization: `Bearer ${login.json().access_token}` },
    });
    expect(profile.json().data.profile.brand_role).toBe('manager');
    // The former team's notifications are gone.
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, member.id))).toEqual([]);
    // An address with a live account (a member elsewhere, an owner) is still refused.
    const taken = await invite({ email: member.email, role: 'manager' }, other, other.brandId);
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ errors: { email: [MSG.emailTaken] } });
  });
});

describe('roles on bookings', () => {
  it('a host sees and answers only the bookings of their locations; decided_by names who did it', async () => {
    const host = await createBrandMember(t.ctx, owner.brandId, 'host', [locationA], 'Sam');
    const list = await t.app.inject({ url: `${V}/brands/${owner.brandId}/bookings`, headers: host.headers });
    expect(list.statusCode).toBe(200);
    const seen = list.json().data as { location_id: number; id: number }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((b) => b.location_id === locationA)).toBe(true);

    const [atA] = await t.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.locationId, locationA), eq(bookings.status, 'pending')));
    const [atB] = await t.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.locationId, locationB), eq(bookings.status, 'pending')));
    const refused = await t.app.inject({
      method: 'PUT',
      url: `${V}/brands/${owner.brandId}/bookings/${atB!.id}`,
      headers: host.headers,
      payload: { status: 'accepted' },
    });
    expect(refused.statusCode).toBe(403);
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `${V}/brands/${owner.brandId}/bookings/${atA!.id}`,
      headers: host.headers,
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'accepted', decided_by: { name: 'Sam' } });
    // The owner's list says who accepted; the media user's does not name the brand's staff.
    const ownerList = await t.app.inject({ url: `${V}/brands/${owner.brandId}/bookings`, headers: owner.headers });
    const row = (ownerList.json().data as { id: number; decided_by: unknown }[]).find((b) => b.id === atA!.id);
    expect(row?.decided_by).toEqual({ name: 'Sam' });
    const mediaList = await t.app.inject({
      url: `${V}/influencers/${influencer.id}/bookings`,
      headers: influencer.headers,
    });
    expect(
      (mediaList.json().data as { id: number; decided_by: unknown }[]).find((b) => b.id === atA!.id)?.decided_by,
    ).toBeNull();

    // A host reads elsewhere but may not write: a campaign or a location change is 403.
    expect((await t.app.inject({ url: `${V}/brands/${owner.brandId}`, headers: host.headers })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `${V}/locations`, headers: host.headers, payload: {} })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `${V}/subscriptions`, headers: host.headers, payload: {} }))
        .statusCode,
    ).toBe(403);
  });

  it('a manager answers any booking of the brand and checks guests in; plans and members are refused', async () => {
    const manager = await createBrandMember(t.ctx, owner.brandId, 'manager', [], 'Morgan');
    const [atB] = await t.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.locationId, locationB), eq(bookings.status, 'pending')));
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `${V}/brands/${owner.brandId}/bookings/${atB!.id}`,
      headers: manager.headers,
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.decided_by).toEqual({ name: 'Morgan' });
    const visit = await createVisit(t.ctx, {
      brandId: owner.brandId,
      userId: influencer.id,
      visitAt: new Date(t.ctx.clock.now().getTime() + 3600_000),
    });
    await t.ctx.db.update(bookings).set({ checkInCode: 'ABC234' }).where(eq(bookings.id, visit.booking.id));
    const checkin = await t.app.inject({
      method: 'POST',
      url: `${V}/brands/${owner.brandId}/bookings/${visit.booking.id}/checkin`,
      headers: manager.headers,
      payload: { code: 'ABC234' },
    });
    expect(checkin.statusCode).toBe(200);
    expect(checkin.json().data.decided_by).toEqual({ name: 'Morgan' });
    expect(
      (await t.app.inject({ method: 'POST', url: `${V}/payment-methods`, headers: manager.headers, payload: {} }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `${V}/brands/${owner.brandId}/members`, headers: manager.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `${V}/subscriptions/status`, headers: manager.headers })).json().data.status,
    ).toBe('active');
  });
});

describe('calendar feeds of the team', () => {
  async function feedOf(who: TestUser): Promise<string> {
    const res = await t.app.inject({ url: `${V}/calendar-feed`, headers: who.headers });
    const url = new URL(res.json().data.url as string);
    return (await t.app.inject({ url: url.pathname })).body;
  }

  it("a host sees the visits of their locations, a manager the brand's", async () => {
    const brand = await createBrandOwner(t.ctx, { name: 'Feed Bistro' });
    const here = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id, withTask: false });
    const there = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id, withTask: false });
    // Accepted visits carry a check-in code (the feed holds those).
    for (const v of [here, there]) {
      await t.ctx.db.update(bookings).set({ checkInCode: 'ABC234' }).where(eq(bookings.id, v.booking.id));
    }
    const host = await createBrandMember(t.ctx, brand.brandId, 'host', [here.location.id]);
    const manager = await createBrandMember(t.ctx, brand.brandId, 'manager');
    const hostFeed = await feedOf(host);
    expect(hostFeed).toContain(`UID:${uidOf(here.booking.id)}`);
    expect(hostFeed).not.toContain(`UID:${uidOf(there.booking.id)}`);
    const managerFeed = await feedOf(manager);
    expect(managerFeed).toContain(`UID:${uidOf(here.booking.id)}`);
    expect(managerFeed).toContain(`UID:${uidOf(there.booking.id)}`);
  });
});

describe('conversations of the team', () => {
  it("a host sees and reads the conversations of their locations' bookings only, a manager every one; the brand side's messages are the media user's to read", async () => {
    const brand = await createBrandOwner(t.ctx, { name: 'Talk Bistro' });
    const here = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id, withTask: false });
    const there = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id, withTask: false });
    const open = (b: { id: number; brandId: number; userId: number }) =>
      t.ctx.db.transaction((tx) => openBookingConversation(tx, b));
    const near = await open(here.booking);
    const far = await open(there.booking);
    const host = await createBrandMember(t.ctx, brand.brandId, 'host', [here.location.id]);
    const manager = await createBrandMember(t.ctx, brand.brandId, 'manager');
    const inbox = async (who: TestUser) =>
      ((await t.app.inject({ url: `${V}/conversations`, headers: who.headers })).json().data as { id: number }[]).map(
        (c) => c.id,
      );
    expect(await inbox(host)).toEqual([near.id]);
    expect((await inbox(manager)).sort()).toEqual([near.id, far.id].sort());
    expect((await t.app.inject({ url: `${V}/conversations/${far.id}`, headers: host.headers })).statusCode).toBe(404);
    const sent = await t.app.inject({
      method: 'POST',
      url: `${V}/conversations/${near.id}/messages`,
      headers: host.headers,
      payload: { body: 'See you at the door tonight.' },
    });
    expect(sent.statusCode).toBe(201);

    // The team reads which of them wrote it; the media user reads the brand.
    const senderIn = async (who: TestUser) =>
      (
        (await t.app.inject({ url: `${V}/conversations/${near.id}/messages`, headers: who.headers })).json().data as {
          sender: unknown;
        }[]
      ).at(-1)?.sender;
    expect(sent.json().data.sender).toEqual({ id: host.id, name: 'Talk Bistro', member_name: 'Sam Host' });
    expect(await senderIn(manager)).toEqual({ id: host.id, name: 'Talk Bistro', member_name: 'Sam Host' });
    expect(await senderIn(influencer)).toEqual({ id: host.id, name: 'Talk Bistro' });
    // So does the inbox row's last message.
    const lastIn = async (who: TestUser) =>
      (
        (await t.app.inject({ url: `${V}/conversations`, headers: who.headers })).json().data as {
          id: number;
          last_message: { member_name?: string } | null;
        }[]
      ).find((c) => c.id === near.id)?.last_message;
    expect((await lastIn(manager))?.member_name).toBe('Sam Host');
    expect(await lastIn(influencer)).not.toHaveProperty('member_name');

    // The host spoke for the brand: the media user has a message to read, the host's teammates do not.
    const unreadIn = async (who: TestUser) => {
      const rows = (await t.app.inject({ url: `${V}/conversations`, headers: who.headers })).json().data as {
        id: number;
        unread: number;
      }[];
      return rows.find((c) => c.id === near.id)?.unread;
    };
    const messageNotifications = async (who: TestUser) =>
      (
        (await t.app.inject({ url: `${V}/notifications?filter[unread]=1`, headers: who.headers })).json().data as {
          type: string;
          link: string;
        }[]
      ).filter((n) => n.type === 'message' && n.link === `/inbox/${near.id}`).length;
    expect(await unreadIn(influencer)).toBe(1);
    expect(await messageNotifications(influencer)).toBe(1);
    for (const teammate of [brand, manager]) {
      expect(await unreadIn(teammate)).toBe(0);
      expect(await messageNotifications(teammate)).toBe(0);
    }
    // The media user's answer is for the whole brand side.
    const answer = await t.app.inject({
      method: 'POST',
      url: `${V}/conversations/${near.id}/messages`,
      headers: influencer.headers,
      payload: { body: 'Thank you, see you at eight.' },
    });
    expect(answer.statusCode).toBe(201);
    for (const member of [brand, manager, host]) {
      expect(await unreadIn(member)).toBe(1);
      expect(await messageNotifications(member)).toBe(1);
    }
  });
});
