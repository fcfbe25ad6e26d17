import { MSG } from '@comped/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';

import type { TestUser } from '../../../test/factories';
import { createUser } from '../../../test/factories';
import type { PushServiceStandIn } from '../../../test/push-service-stand-in';
import { standInBrowser, startPushServiceStandIn, verifyVapid } from '../../../test/push-service-stand-in';
import type { TestApp } from '../../../test/test-app';
import { createPeerApp, createTestApp } from '../../../test/test-app';
import { accessTokens, appSettings, jobs, pushSubscriptions } from '../../db/schema';
import { enqueuePush } from './push-message';
import { MAX_PUSH_SUBSCRIPTIONS } from './subscribe';

const NOW = new Date('2026-06-01T12:00:00Z');
const FCM = 'https://fcm.googleapis.com/fcm/send/';

let t: TestApp;
let service: PushServiceStandIn;
let ann: TestUser;
let bob: TestUser;
let notification = 0;

beforeAll(async () => {
  t = await createTestApp({ PUSH_ALLOW_LOOPBACK: '1' });
  service = await startPushServiceStandIn();
  ann = await createUser(t.ctx, { role: 'influencer', name: 'Ann' });
  bob = await createUser(t.ctx, { role: 'brands', name: 'Bob' });
});
afterAll(async () => {
  await service.close();
  await t.close();
});
beforeEach(async () => {
  t.clock.freeze(NOW);
  await t.ctx.db.delete(pushSubscriptions);
  service.received.length = 0;
});

function post(user: TestUser | null, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/v1/push/subscriptions', headers: user?.headers ?? {}, payload });
}

async function subscriptionsOf(userId: number) {
  return t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

async function push(userId: number, over: Partial<{ title: string; body: string; link: string }> = {}) {
  notification += 1;
  await enqueuePush(t.ctx.db, {
    userId,
    notificationId: notification,
    title: 'Booking accepted',
    body: 'Bistro Uno accepted your visit on Wed, Jun 3.',
    link: '/bookings/12/pass',
    ...over,
  });
  await t.ctx.jobs.runDue();
}

describe('GET push/key', () => {
  it('answers the VAPID public key to any signed-in user, the same on every node', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/push/key', headers: ann.headers });
    expect(res.statusCode).toBe(200);
    const key = res.json().data.public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const [row] = await t.ctx.db.select().from(appSettings).where(eq(appSettings.key, 'vapid_keys'));
    expect(row!.value.publicKey).toBe(key);
    // A second node on the same database finds the pair the first made, instead of making its own.
    const peer = await createPeerApp(t);
    try {
      const other = await peer.inject({ method: 'GET', url: '/api/v1/push/key', headers: bob.headers });
      expect(other.json().data.public_key).toBe(key);
    } finally {
      await peer.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/push/key' })).statusCode).toBe(401);
  });

  it('answers the key of VAPID_PUBLIC_KEY when the environment gives one', async () => {
    const pair = webpush.generateVAPIDKeys();
    const other = await createTestApp({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    try {
      const user = await createUser(other.ctx, { role: 'journalist' });
      const res = await other.app.inject({ method: 'GET', url: '/api/v1/push/key', headers: user.headers });
      expect(res.json().data.public_key).toBe(pair.publicKey);
      expect(await other.ctx.db.select().from(appSettings).where(eq(appSettings.key, 'vapid_keys'))).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('POST and DELETE push/subscriptions', () => {
  const browser = () => standInBrowser(`${FCM}${Math.random().toString(36).slice(2)}`).subscription;

  it('registers a browser (201), refreshes it (204), and removes it', async () => {
    const sub = browser();
    const res = await post(ann, sub);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ data: { endpoint: sub.endpoint } });
    const again = await post(ann, { ...sub, expirationTime: null });
    expect(again.statusCode).toBe(204);
    const rows = await subscriptionsOf(ann.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
    // Bob cannot remove Ann's browser; Ann can.
    const del = (user: TestUser) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/v1/push/subscriptions',
        headers: user.headers,
        payload: { endpoint: sub.endpoint },
      });
    expect((await del(bob)).statusCode).toBe(204);
    expect(await subscriptionsOf(ann.id)).toHaveLength(1);
    expect((await del(ann)).statusCode).toBe(204);
    expect(await subscriptionsOf(ann.id)).toHaveLength(0);
  });

  it('refuses an endpoint outside the push services with 422 on endpoint, and stores nothing', async () => {
    const strict = await createTestApp();
    try {
      const user = await createUser(strict.ctx, { role: 'influencer' });
      for (const endpoint of [
        'https://example.com/push',
        'https://169.254.169.254/latest/meta-data/',
        'http://fcm.googleapis.com/fcm/send/x',
        'https://fcm.googleapis.com.evil.example/fcm/send/x',
        'http://127.0.0.1:9/push', // loopback is for tests that say so (PUSH_ALLOW_LOOPBACK)
      ]) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/v1/push/subscriptions',
          headers: user.headers,
          payload: { ...browser(), endpoint },
        });
        expect(res.statusCode, endpoint).toBe(422);
        expect(res.json().errors).toEqual({ endpoint: [MSG.pushEndpointNotAllowed] });
      }
      expect(await strict.ctx.db.select().from(pushSubscriptions)).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret', async () => {
    const sub = browser();
    const offCurve = Buffer.alloc(65, 1);
    offCurve[0] = 4;
    const cases: [object, string][] = [
      [{ ...sub, keys: { ...sub.keys, p256dh: offCurve.toString('base64url') } }, 'keys.p256dh'],
      [{ ...sub, keys: { ...sub.keys, p256dh: 'abc' } }, 'keys.p256dh'],
      [{ ...sub, keys: { ...sub.keys, auth: Buffer.alloc(8).toString('base64url') } }, 'keys.auth'],
      [{ endpoint: sub.endpoint }, 'keys'],
      [{ keys: sub.keys }, 'endpoint'],
      [{ ...sub, endpoint: 'not a url' }, 'endpoint'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(ann, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors as object), JSON.stringify(payload)).toContain(field);
    }
    expect(await subscriptionsOf(ann.id)).toEqual([]);
    expect((await post(null, sub)).statusCode).toBe(401);
  });

  it('moves a browser to whoever subscribes it now, and keeps the newest ten per user', async () => {
    const shared = browser();
    expect((await post(ann, shared)).statusCode).toBe(201);
    expect((await post(bob, shared)).statusCode).toBe(201);
    expect(await subscriptionsOf(ann.id)).toEqual([]);
    expect(await subscriptionsOf(bob.id)).toHaveLength(1);

    const endpoints: string[] = [];
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS + 2; i += 1) {
      t.clock.freeze(new Date(NOW.getTime() + i * 60_000));
      const sub = browser();
      endpoints.push(sub.endpoint);
      expect((await post(ann, sub)).statusCode).toBe(201);
    }
    const kept = (await subscriptionsOf(ann.id)).map((s) => s.endpoint).sort();
    expect(kept).toEqual(endpoints.slice(2).sort());
  });
});

describe('push:send through a push service (RFC 8030, 8291, 8292)', () => {
  async function subscribe(user: TestUser, name: string) {
    const b = service.browser(name);
    expect((await post(user, b.subscription)).statusCode).toBe(201);
    return b;
  }

  it('sends each browser the notification, encrypted for it and signed with the VAPID key', async () => {
    const phone = await subscribe(ann, 'ann-phone');
    const laptop = await subscribe(ann, 'ann-laptop');
    await subscribe(bob, 'bob-phone');
    await push(ann.id);
    expect(service.received.map((m) => m.path).sort()).toEqual(['/push/ann-laptop', '/push/ann-phone']);
    const key = (await t.app.inject({ method: 'GET', url: '/api/v1/push/key', headers: ann.headers })).json().data
      .public_key as string;
    for (const [message, browser] of [
      [service.received.find((m) => m.path === '/push/ann-phone')!, phone],
      [service.received.find((m) => m.path === '/push/ann-laptop')!, laptop],
    ] as const) {
      const claims = verifyVapid(message.headers.authorization, key);
      expect(claims.aud).toBe(service.origin);
      expect(claims.sub).toBe('mailto:hello@comped.app');
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000 + 60_000);
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(message.headers.ttl)).toBeGreaterThan(0);
      expect(JSON.parse(browser.decrypt(message.body))).toEqual({
        id: notification,
        title: 'Booking accepted',
        body: 'Bistro Uno accepted your visit on Wed, Jun 3.',
        link: '/bookings/12/pass',
      });
      // Encrypted for that browser only: the other's keys cannot read it.
      const other = browser === phone ? laptop : phone;
      expect(() => other.decrypt(message.body)).toThrow();
    }
    const rows = await subscriptionsOf(ann.id);
    expect(rows.every((r) => r.lastSentAt?.getTime() === NOW.getTime())).toBe(true);
  });

  it('drops a browser whose push service answers 404 or 410, and keeps the others', async () => {
    await subscribe(ann, 'gone');
    await subscribe(ann, 'expired');
    await subscribe(ann, 'fine');
    service.answer('/push/gone', 410);
    service.answer('/push/expired', 404);
    await push(ann.id);
    expect(service.received).toHaveLength(3);
    expect((await subscriptionsOf(ann.id)).map((s) => s.endpoint)).toEqual([`${service.origin}/push/fine`]);
  });

  it('retries a push service that fails, without sending the others the message twice', async () => {
    await subscribe(ann, 'flaky');
    await subscribe(ann, 'steady');
    service.answer('/push/flaky', 503);
    await push(ann.id);
    expect(service.received.map((m) => m.path).sort()).toEqual(['/push/flaky', '/push/steady']);
    const flaky = (await subscriptionsOf(ann.id)).find((s) => s.endpoint.endsWith('/flaky'))!;
    const [retry] = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `push:${notification}:${flaky.id}`));
    expect(retry).toMatchObject({ status: 'queued', attempts: 1 });
    // The service is back; the queue's back-off has passed.
    service.answer('/push/flaky', 201);
    t.clock.freeze(new Date(NOW.getTime() + 60_000));
    await t.ctx.jobs.runDue();
    expect(service.received.map((m) => m.path).sort()).toEqual(['/push/flaky', '/push/flaky', '/push/steady']);
    expect(await subscriptionsOf(ann.id)).toHaveLength(2);
  });

  it('sends nothing to the browsers of a sign-in that has ended, and drops them', async () => {
    await subscribe(ann, 'signed-out');
    await t.ctx.db.update(accessTokens).set({ revokedAt: NOW }).where(eq(accessTokens.userId, ann.id));
    await push(ann.id);
    expect(service.received).toEqual([]);
    expect(await subscriptionsOf(ann.id)).toEqual([]);
  });

  it('opens only pages of the app: another link becomes the home page', async () => {
    const b = await subscribe(bob, 'links');
    await push(bob.id, { link: 'https://evil.example/phish' });
    await push(bob.id, { link: '//evil.example/phish' });
    const links = service.received.map((m) => (JSON.parse(b.decrypt(m.body)) as { link: string }).link);
    expect(links).toEqual(['/', '/']);
  });
});
