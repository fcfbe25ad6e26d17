import { messageEventSchema, notificationEventSchema, readEventSchema } from '@comped/shared/schemas/notifications';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestStream } from '../../../test/event-stream-client';
import { openEventStream } from '../../../test/event-stream-client';
import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandMember, createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createPeerApp, createTestApp } from '../../../test/test-app';
import { openBookingConversation } from '../conversations/open-conversation';
import { notificationText } from '../notifications/notification-texts';
import { notify } from '../notifications/notify';
import { createVisit } from '../tasks/task.fixtures';

/**
 * `GET events` over a real listening server, read with fetch as the web app reads it (issue 26):
 * what arrives, how fast, the replay after Last-Event-ID, the heartbeat, the limits, and a second
 * node on the same database (on PGlite both apps share the one embedded connection; with
 * TEST_DATABASE_URL each listens on PostgreSQL itself).
 */
let t: TestApp;
let base: string;
let brand: TestBrand;
let influencer: TestUser;
let conversationId: number;
const streams: TestStream[] = [];

async function stream(token: string, opts: { lastEventId?: string; url?: string } = {}) {
  const s = await openEventStream(opts.url ?? base, token, opts);
  streams.push(s);
  return s;
}

beforeAll(async () => {
  t = await createTestApp({ EVENTS_HEARTBEAT_MS: '200', EVENTS_MAX_STREAMS_PER_USER: '3' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  brand = await createBrandOwner(t.ctx, { name: 'Stream Bistro' });
  influencer = await createUser(t.ctx, { role: 'influencer', name: 'Sam Stream' });
  const { booking } = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id, status: 'pending' });
  conversationId = (
    await t.ctx.db.transaction((tx) =>
      openBookingConversation(tx, { id: booking.id, brandId: brand.brandId, userId: influencer.id }),
    )
  ).id;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

const send = (user: TestUser, body: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${conversationId}/messages`,
    headers: user.headers,
    payload: { body },
  });

describe('GET events', () => {
  it('answers a stream of server-sent events that no proxy should hold back', async () => {
    const s = await stream(brand.token);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    await s.until(() => s.comments.includes('connected') && s.retries.includes(3000));
    s.close();
    const anonymous = await fetch(`${base}/api/v1/events`);
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();
  });

  it("carries a brand's message to the media user as the brand's, and to its team with the member who wrote it", async () => {
    const brandStream = await stream(brand.token);
    const mediaStream = await stream(influencer.token);
    const res = await send(brand, 'Your table is ready.');
    expect(res.statusCode).toBe(201);
    const sent = res.json().data as { id: number; sender: { name: string; member_name?: string } };
    // The owner's account bears the brand's name in these tests.
    expect(sent.sender).toEqual({ id: brand.id, name: 'Stream Bistro', member_name: 'Stream Bistro' });
    const isIt = (e: { event?: string; json: unknown }) =>
      e.event === 'message' && (e.json as { id: number }).id === sent.id;
    expect((await brandStream.next(isIt)).json).toEqual(sent);
    expect((await mediaStream.next(isIt)).json).toEqual({ ...sent, sender: { id: brand.id, name: 'Stream Bistro' } });
    brandStream.close();
    mediaStream.close();
  });

  it("carries a message to both sides' streams and a notification to its recipient, within 2 s", async () => {
    const brandStream = await stream(brand.token);
    const mediaStream = await stream(influencer.token);
    const res = await send(influencer, 'On my way!');
    const answeredAt = Date.now();
    expect(res.statusCode).toBe(201);
    const messageId = res.json().data.id as number;
    const isIt = (e: { event?: string; json: unknown }) =>
      e.event === 'message' && (e.json as { id: number }).id === messageId;
    const atBrand = await brandStream.next(isIt);
    const atMedia = await mediaStream.next(isIt);
    expect(messageEventSchema.parse(atBrand.json)).toEqual(res.json().data);
    expect(atBrand.at - answeredAt).toBeLessThan(2000);
    expect(atMedia.json).toEqual(res.json().data);
    const note = await brandStream.next((e) => e.event === 'notification');
    const n = notificationEventSchema.parse(note.json);
    expect(n).toMatchObject({ type: 'message', title: 'New message from Sam Stream', body: 'On my way!' });
    expect(n.link).toBe(`/inbox/${conversationId}`);
    expect(note.id).toBe(String(n.id));
    expect(mediaStream.events.filter((e) => e.event === 'notification')).toEqual([]);

    // The brand reads: the sender's thread learns it ("Seen").
    await t.app.inject({ method: 'POST', url: `/api/v1/conversations/${conversationId}/read`, headers: brand.headers });
    const read = await mediaStream.next(
      (e) => e.event === 'read' && (e.json as { user_id: number }).user_id === brand.id,
    );
    expect(readEventSchema.parse(read.json)).toEqual({
      conversation_id: conversationId,
      user_id: brand.id,
      read_up_to: messageId,
    });
    brandStream.close();
    mediaStream.close();
  });

  it('replays the notifications missed after Last-Event-ID, and none without it', async () => {
    const user = await createUser(t.ctx, { role: 'influencer' });
    const ids: number[] = [];
    for (const brandName of ['First Place', 'Second Place', 'Third Place']) {
      ids.push(await notify(t.ctx.db, t.ctx, { userId: user.id, ...notificationText.checkedIn({ brandName }) }));
    }
    const resumed = await stream(user.token, { lastEventId: String(ids[0]) });
    const replayed = await resumed.next((e) => e.id === String(ids[2]));
    expect(replayed.event).toBe('notification');
    expect(resumed.events.map((e) => e.id)).toEqual([String(ids[1]), String(ids[2])]);
    expect((resumed.events[0]!.json as { body: string }).body).toBe(
      'You are checked in at Second Place. Enjoy your visit!',
    );
    const fresh = await stream(user.token, { lastEventId: 'not-a-number' });
    const fresh2 = await stream(user.token);
    await new Promise((r) => setTimeout(r, 300));
    expect(fresh.events).toEqual([]);
    expect(fresh2.events).toEqual([]);
    // A new one reaches all three, once.
    const id = await notify(t.ctx.db, t.ctx, {
      userId: user.id,
      ...notificationText.checkedIn({ brandName: 'Fourth' }),
    });
    for (const s of [resumed, fresh, fresh2]) {
      await s.next((e) => e.id === String(id));
      expect(s.events.filter((e) => e.id === String(id))).toHaveLength(1);
    }
    for (const s of [resumed, fresh, fresh2]) s.close();
  });

  it('sends a heartbeat comment, and ends the stream once its token is revoked', async () => {
    const user = await createUser(t.ctx, { role: 'journalist' });
    const s = await stream(user.token);
    await s.until(() => s.comments.includes('heartbeat'), 2000);
    const logout = await t.app.inject({ method: 'GET', url: '/api/v1/logout', headers: user.headers });
    expect(logout.statusCode).toBe(204);
    const endedWithin = await Promise.race([
      s.ended.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 2000)),
    ]);
    expect(endedWithin).toBe(true);
  });

  it('holds at most the per-user limit of streams for one user on a node', async () => {
    const user = await createUser(t.ctx, { role: 'influencer' });
    const open = [await stream(user.token), await stream(user.token), await stream(user.token)];
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await fetch(`${base}/api/v1/events`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as { code: string }).code).toBe('too_many_streams');
    open[0]!.close();
    await new Promise((r) => setTimeout(r, 100));
    const again = await stream(user.token);
    expect(again.status).toBe(200);
    for (const s of [...open, again]) s.close();
  });
});

describe('two nodes on one database', () => {
  let peer: FastifyInstance;
  let peerUrl: string;
  beforeAll(async () => {
    peer = await createPeerApp(t);
    peerUrl = await peer.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => peer.close());

  it('delivers a message sent on one node to a stream held on the other within 2 s', async () => {
    const onPeer = await stream(brand.token, { url: peerUrl });
    const res = await send(influencer, 'Sent on node A');
    const answeredAt = Date.now();
    const id = res.json().data.id as number;
    const got = await onPeer.next((e) => e.event === 'message' && (e.json as { id: number }).id === id);
    expect(got.at - answeredAt).toBeLessThan(2000);
    onPeer.close();
  });

  it('ends its streams with a short retry hint when the node drains, so clients reconnect elsewhere', async () => {
    const onPeer = await stream(influencer.token, { url: peerUrl });
    await new Promise((r) => setTimeout(r, 100));
    const drained = peer.drain(5000);
    await onPeer.ended;
    await drained;
    expect(onPeer.retries.at(-1)).toBe(1000);
    const refused = await fetch(`${peerUrl}/api/v1/events`, { headers: { authorization: `Bearer ${brand.token}` } });
    expect(refused.status).toBe(503);
    await refused.body?.cancel();
  });
});

describe('GET events of a removed team member', () => {
  // A heartbeat far away: the stream must end because of the removal, not at the next token check.
  let slow: TestApp;
  let slowBase: string;
  beforeAll(async () => {
    slow = await createTestApp({ EVENTS_HEARTBEAT_MS: '60000' });
    slowBase = await slow.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await slow.close();
  });

  it("ends the member's streams as soon as the owner removes them", async () => {
    const owner = await createBrandOwner(slow.ctx, { name: 'Team Stream Bistro' });
    const manager = await createBrandMember(slow.ctx, owner.brandId, 'manager');
    const s = await stream(manager.token, { url: slowBase });
    const removed = await slow.app.inject({
      method: 'DELETE',
      url: `/api/v1/brands/${owner.brandId}/members/${manager.memberId}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const endedWithin = await Promise.race([
      s.ended.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 2000)),
    ]);
    expect(endedWithin).toBe(true);
  });
});
