/**
 * On the phone (issue 29, phase A): the installable app (manifest, service worker, Chromium's
 * installability), the app and the visit pass offline, sign-out leaving nothing of the user's, web
 * push through a push service stand-in (VAPID and RFC 8291 checked by the test; a booking accepted
 * by the brand is pushed, issue 26), and the calendar
 * feed read by a maintained iCalendar parser. The service worker is on here (the other specs block it).
 */
import fs from 'node:fs';
import path from 'node:path';

import type { APIRequestContext, BrowserContext, CDPSession, Page } from '@playwright/test';
import ICAL from 'ical.js';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { bearer, setClock } from '../support/api';
import { startPushServiceStandIn, verifyVapid } from '../support/push-service';
import { readQr } from '../support/qr';
import type { Account, BrandWithLocation } from '../support/setup';
import {
  acceptedBooking,
  approvedCampaign,
  approvedMediaUser,
  dayFromToday,
  expectOk,
  logInThroughForm,
  payingBrandWithLocation,
  pendingBooking,
  signIn,
} from '../support/setup';
import { expect, test } from '../support/test';
import { mediaBooking, visitInstant } from '../support/visits';

test.use({ serviceWorkers: 'allow' });

const CODE = /^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/;
const VENUE = 'Harbor Lights';
const ADDRESS = '9 Pier Road, New York';
const PASSWORD = 'media-password';
/** The build the server serves (playwright.config.ts): the update test plays a deploy in it. */
const WEB_DIST = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../../apps/web/dist');

/** The service worker controls the page: it was registered after load, installed and took over. */
async function serviceWorkerReady(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return Boolean(registration?.active && navigator.serviceWorker.controller);
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The width and height a PNG says in its header. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/** Every request URL held in the page's Cache Storage, cache by cache. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    }
    return out;
  });
}

test.describe.serial('on the phone', () => {
  let brand: BrandWithLocation;
  let mia: Account;
  let bookingId: number;
  let code: string;

  test.beforeAll(async ({ request }) => {
    await setClock(request, null);
    brand = await payingBrandWithLocation(request, {
      emailPrefix: 'phone-brand',
      name: VENUE,
      address: '9 Pier Road',
      location: { name: 'Pier Room', address: ADDRESS, email: 'pier@example.test' },
    });
    const campaignId = await approvedCampaign(request, brand, {
      name: 'Lantern dinner',
      description: 'Lantern dinner on the pier.',
      target: ['influencer'],
      tier_range_influencer: [1, 2],
      booking: { compensation: 50, max_bookings_per_week: 5, max_guests: 2 },
    });
    mia = await approvedMediaUser(request, {
      emailPrefix: 'phone-media',
      type: 'influencer',
      name: 'Mia Mobile',
      instagram: 'mia.mobile',
      password: PASSWORD,
    });
    bookingId = await acceptedBooking(request, {
      brand,
      campaignId,
      media: mia,
      date: dayFromToday(3),
      time: '12:00',
      guests: 2,
    });
    code = (await mediaBooking(request, mia, bookingId)).check_in_code as string;
    expect(code).toMatch(CODE);
  });

  test(
    'the app is installable: a manifest with its icons, a service worker, no installability error',
    { tag: '@full-browser' },
    async ({ page, playwright, baseURL }, testInfo) => {
      await signIn(page, mia);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Mia');
      await serviceWorkerReady(page);

      const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(manifestHref).toBe('/manifest.webmanifest');
      const res = await page.request.get('/manifest.webmanifest');
      expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = (await res.json()) as {
        name: string;
        short_name: string;
        display: string;
        start_url: string;
        theme_color: string;
        icons: { src: string; sizes: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({
        name: 'Comped',
        short_name: 'Comped',
        display: 'standalone',
        start_url: '/dashboard',
        theme_color: '#c2410c',
      });
      const icons = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
      expect(icons).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      for (const icon of manifest.icons) {
        const png = await page.request.get(icon.src);
        expect(png.headers()['content-type']).toBe('image/png');
        const [w, h] = pngSize(await png.body());
        expect(`${w}x${h}`).toBe(icon.sizes);
      }
      const sw = await page.request.get('/sw.js');
      expect(sw.headers()['cache-control']).toBe('no-cache');

      // Chromium's own verdict. Its test contexts are off the record, where it never offers to install,
      // so the verdict is asked in a profile of its own, as a person's browser would be.
      const { launchOptions } = testInfo.project.use;
      const profile = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
        ...launchOptions,
        baseURL,
      });
      try {
        const person = profile.pages()[0] ?? (await profile.newPage());
        await person.goto('/login');
        await serviceWorkerReady(person);
        const cdp = await profile.newCDPSession(person);
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        expect(installabilityErrors).toEqual([]);
      } finally {
        await profile.close();
      }
    },
  );

  test('a new version waits for the user: "A new version is ready", and Reload brings every page onto it', async ({
    page,
    context,
  }) => {
    await signIn(page, mia);
    await page.goto('/dashboard');
    await serviceWorkerReady(page);
    // A page opened a moment before the Reload: its own registration of the worker, which waits for
    // the browser to be idle, has not run yet (here it never does). It reloads all the same.
    const other = await context.newPage();
    await other.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await other.goto('/settings');
    await expect(other.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const firstWorker = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())!.active!.scriptURL,
    );

    // A deploy: the service worker the server answers is a new one (the next build's differs too).
    const swFile = path.join(WEB_DIST, 'sw.js');
    const built = fs.readFileSync(swFile, 'utf8');
    fs.writeFileSync(swFile, `${built}\n// the next build\n`);
    try {
      // An open app looks every hour and at each visit; here, now.
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())!.update();
      });
      const prompt = page.getByRole('alert').filter({ hasText: 'A new version is ready' });
      await expect(prompt).toBeVisible();
      // Nothing happens behind the user's back: the old version keeps serving until they choose.
      await expect
        .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting)))
        .toBe(true);
      const reloaded = page.waitForEvent('load');
      const otherReloaded = other.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await Promise.all([reloaded, otherReloaded]);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Mia');
      await expect(prompt).toBeHidden();
      const after = await page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.getRegistration())!;
        return { waiting: Boolean(registration.waiting), controlled: Boolean(navigator.serviceWorker.controller) };
      });
      expect(after).toEqual({ waiting: false, controlled: true });
      const text = await page.evaluate(async (url) => (await fetch(url, { cache: 'no-store' })).text(), firstWorker);
      expect(text).toContain('// the next build');
    } finally {
      fs.writeFileSync(swFile, built);
      await other.close();
    }
  });

  test('offline, /campaigns opens with "You are offline" and the visit pass still shows', async ({
    page,
    context,
    breakage,
  }) => {
    await signIn(page, mia);
    await page.goto(`/bookings/${bookingId}/pass`);
    const pass = page.getByRole('article', { name: VENUE });
    await expect(pass.getByTestId('check-in-code')).toHaveText(code);
    await serviceWorkerReady(page);
    await page.goto('/campaigns');
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();

    // What fails to load while offline is what this test is about.
    breakage.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Could not reach the server/);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();

    await page.goto(`/bookings/${bookingId}/pass`);
    await expect(pass.getByTestId('check-in-code')).toHaveText(code);
    const qr = pass.getByRole('img', { name: `QR code of check-in code ${code}` });
    await expect(qr).toBeVisible();
    expect(await readQr(qr)).toBe(code);
    await expect(pass).toContainText('Pier Room');
    await expect(pass).toContainText(ADDRESS);
    await expect(pass).toContainText('12:00 PM');
    await expect(pass).toContainText('2 guests');
    await expect(pass).toContainText('$50');
    await expectNoSeriousA11yViolations(page);
    await context.setOffline(false);
  });

  test('after sign-out, nothing of the user is kept: the pass offline is the sign-in page', async ({
    page,
    context,
    breakage,
  }) => {
    await logInThroughForm(page, mia.email, PASSWORD);
    await expect(page).toHaveURL(/\/campaigns$/);
    await page.goto(`/bookings/${bookingId}/pass`);
    await expect(page.getByTestId('check-in-code')).toHaveText(code);
    await serviceWorkerReady(page);
    expect(
      Object.values(await cachedUrls(page))
        .flat()
        .some((url) => url.includes('/__offline__/')),
    ).toBe(true);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(async () => Object.keys(await cachedUrls(page))).not.toContain('comped-offline-v1');
    // The service worker keeps the build only: no API answer, no file, nothing kept for a user.
    const kept = Object.values(await cachedUrls(page)).flat();
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.filter((url) => /\/api\/|\/files\/|__offline__/.test(url))).toEqual([]);

    breakage.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
    await context.setOffline(true);
    await page.goto(`/bookings/${bookingId}/pass`);
    await expect(page).toHaveURL(/\/login\?next=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(code);
    await expect(page.locator('body')).not.toContainText(VENUE);
    await context.setOffline(false);
  });

  test(
    'push: opted in from Settings, a notification arrives encrypted for this browser, signed with VAPID',
    { tag: '@full-browser' },
    async ({ page, context, request }) => {
      const service = await startPushServiceStandIn();
      try {
        const device = service.browser('mia-phone');
        await context.grantPermissions(['notifications']);
        // Chromium's real subscribe() asks Google's push service, which this machine cannot reach: the
        // browser's subscription is replaced by one at the stand-in, with keys the test holds.
        await page.addInitScript((subscription) => {
          let current: PushSubscription | null = null;
          const fake = {
            endpoint: subscription.endpoint,
            expirationTime: null,
            options: { userVisibleOnly: true, applicationServerKey: null },
            getKey: () => null,
            toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
            unsubscribe: async () => {
              current = null;
              return true;
            },
          } as unknown as PushSubscription;
          PushManager.prototype.subscribe = async () => (current = fake);
          PushManager.prototype.getSubscription = async () => current;
        }, device.subscription);
        await signIn(page, mia);
        await page.goto('/settings');
        await serviceWorkerReady(page);
        const toggle = page.getByRole('switch', { name: 'Notifications on this device' });
        await expect(toggle).toBeEnabled();
        await expect(toggle).not.toBeChecked();
        await toggle.click();
        await expect(page.getByText('Notifications are on for this device.')).toBeVisible();
        await expect(toggle).toBeChecked();
        await expectNoSeriousA11yViolations(page);

        const notificationId = Date.now() % 1_000_000_000;
        const link = `/bookings/${bookingId}/pass`;
        await pushNow(request, {
          user_id: mia.user.id,
          notification_id: notificationId,
          title: 'Booking accepted',
          body: `${VENUE} accepted your visit.`,
          link,
        });
        const [message] = await service.waitFor(1);
        expect(message!.path).toBe('/push/mia-phone');
        const key = (
          await expectOk<{ data: { public_key: string } }>(
            await request.get('/api/v1/push/key', { headers: bearer(mia.token) }),
          )
        ).data.public_key;
        const claims = verifyVapid(message!.headers.authorization, key);
        expect(claims.aud).toBe(service.origin);
        expect(message!.headers['content-encoding']).toBe('aes128gcm');
        const payload = device.decrypt(message!.body);
        expect(JSON.parse(payload)).toEqual({
          id: notificationId,
          title: 'Booking accepted',
          body: `${VENUE} accepted your visit.`,
          link,
        });

        // What the push service hands the browser, the service worker shows as a notification.
        await showsNotification(context, page, payload, 'Booking accepted');

        // A real accept: the notification the brand's answer makes is pushed to this browser too.
        const brunch = await approvedCampaign(request, brand, {
          name: 'Pier brunch',
          description: 'Brunch on the pier.',
          target: ['influencer'],
          tier_range_influencer: [1, 2],
          booking: { compensation: 50, max_bookings_per_week: 5, max_guests: 2 },
        });
        const requested = await pendingBooking(request, {
          brand,
          campaignId: brunch,
          media: mia,
          date: dayFromToday(4),
          time: '12:00',
          guests: 2,
        });
        await expectOk(
          await request.put(`/api/v1/brands/${brand.brandId}/bookings/${requested}`, {
            headers: bearer(brand.account.token),
            data: { status: 'accepted' },
          }),
        );
        const [, accepted] = await service.waitFor(2);
        expect(accepted!.path).toBe('/push/mia-phone');
        const acceptedPayload = device.decrypt(accepted!.body);
        expect(JSON.parse(acceptedPayload)).toMatchObject({
          title: 'Booking accepted',
          body: expect.stringContaining(`${VENUE} accepted your visit on`),
          link: '/bookings/upcoming',
        });
        await showsNotification(context, page, acceptedPayload, 'Booking accepted');

        // Off again: the server forgets this browser, and the next push goes nowhere.
        await toggle.click();
        await expect(page.getByText('Notifications are off for this device.')).toBeVisible();
        await pushNow(request, {
          user_id: mia.user.id,
          notification_id: notificationId + 1,
          title: 'Again',
          body: '',
          link,
        });
        expect(service.received).toHaveLength(2);
      } finally {
        await service.close();
      }
    },
  );

  test('the calendar feed holds the visit in the venue time, with its UID, and then its cancellation', async ({
    page,
    request,
  }) => {
    const url = (
      await expectOk<{ data: { url: string } }>(
        await request.get('/api/v1/calendar-feed', { headers: bearer(mia.token) }),
      )
    ).data.url;
    expect(url).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const read = async () => {
      // A calendar app asks with the address alone.
      const res = await request.get(new URL(url).pathname);
      expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      const calendar = new ICAL.Component(ICAL.parse(await res.text()));
      return calendar
        .getAllSubcomponents('vevent')
        .map((v) => ({ event: new ICAL.Event(v), status: v.getFirstPropertyValue('status') }));
    };
    const [visit] = (await read()).filter((e) => e.event.uid === `booking-${bookingId}@comped.app`);
    expect(visit).toBeDefined();
    expect(visit!.event.startDate.toJSDate().toISOString()).toBe(
      (await visitInstant(request, brand, bookingId)).toISOString(),
    );
    expect(visit!.event.location).toBe(`Pier Room, ${ADDRESS}`);
    expect(visit!.event.summary).toBe(`${VENUE}: Lantern dinner`);
    expect(visit!.status).toBe('CONFIRMED');

    await signIn(page, mia);
    await page.goto('/settings');
    await expect(page.getByLabel('Calendar address', { exact: true })).toHaveValue(url);
    await expect(page.getByRole('link', { name: 'Apple Calendar' })).toHaveAttribute(
      'href',
      url.replace(/^https?:/, 'webcal:'),
    );
    await expectNoSeriousA11yViolations(page);

    await expectOk(
      await request.put(`/api/v1/influencers/${mia.user.id}/bookings/${bookingId}`, {
        headers: bearer(mia.token),
        data: { status: 'cancelled' },
      }),
    );
    const [cancelled] = (await read()).filter((e) => e.event.uid === `booking-${bookingId}@comped.app`);
    expect(cancelled!.status).toBe('CANCELLED');
  });
});

/**
 * Pushes a notification to the user's browsers now (POST testing/push, TEST_CLOCK servers only): the
 * notifications module will do it for every notification it creates.
 */
async function pushNow(request: APIRequestContext, data: Record<string, unknown>): Promise<void> {
  const res = await request.post('/api/v1/testing/push', { data });
  expect(res.status(), await res.text()).toBe(204);
}

/** Hands the service worker a push as the browser's push service would (DevTools protocol), and waits for its notification. */
async function showsNotification(context: BrowserContext, page: Page, payload: string, title: string): Promise<void> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
      const mine = list.find((r) => !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registrations;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data: payload,
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map(
          (n) => `${n.title}|${String(n.data?.link)}`,
        ),
      ),
    )
    .toContain(`${title}|${JSON.parse(payload).link as string}`);
}
