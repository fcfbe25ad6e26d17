import { makeSessionUser } from '@comped/shared/factories/session-user';
import { act, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import type { FakeCall } from '../../../testing/render';
import { renderPage, stubFetch } from '../../../testing/render';
import { CalendarFeedSetting, googleCalendarLink, webcalOf } from './calendar-feed-setting';
import { PushSetting } from './push-setting';

const me = makeSessionUser('influencer', { id: 5, name: 'Ann' });
const FEED = 'https://comped.example/api/v1/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE.ics';
const ROTATED = 'https://comped.example/api/v1/calendar/ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-ZyXwV.ics';
const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

let calls: FakeCall[] = [];

beforeEach(() => {
  writeSession({ token: 'tok', user: me });
  calls = stubFetch((url, method) => {
    if (url === '/api/v1/calendar-feed') return [200, { data: { url: FEED } }];
    if (url === '/api/v1/calendar-feed/rotate' && method === 'POST') return [200, { data: { url: ROTATED } }];
    if (url === '/api/v1/push/key') return [200, { data: { public_key: KEY } }];
    if (url === '/api/v1/push/subscriptions')
      return method === 'POST' ? [201, { data: { endpoint: 'x' } }] : [204, undefined];
    return [404, { message: 'Not found.', code: 'not_found' }];
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('Settings, Calendar', () => {
  it('shows the private address with Copy and the Google and Apple links', async () => {
    const writeText = vi.fn(async () => undefined);
    // An own property: user-event may have put a getter-only clipboard on the navigator already.
    const stub = Object.create(navigator) as Navigator;
    Object.defineProperty(stub, 'clipboard', { value: { writeText } });
    vi.stubGlobal('navigator', stub);
    renderPage(<CalendarFeedSetting />, '/settings');
    // While the address loads, a named status (a skeleton alone may not carry a name: axe serious).
    expect(screen.getByRole('status', { name: 'Loading your calendar address' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Calendar address')).toHaveValue(FEED);
    expect(screen.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(FEED.replace('https://', 'webcal://'))}`,
    );
    expect(screen.getByRole('link', { name: 'Apple Calendar' })).toHaveAttribute(
      'href',
      FEED.replace('https://', 'webcal://'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(FEED);
    expect(await screen.findByText('Calendar address copied.')).toBeInTheDocument();
  });

  it('rotates only after the confirmation, and shows the new address', async () => {
    renderPage(<CalendarFeedSetting />, '/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new calendar address?' });
    expect(calls.some((c) => c.url.endsWith('/rotate'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate address' }));
    expect(await screen.findByDisplayValue(ROTATED)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/rotate')).map((c) => c.method)).toEqual(['POST']);
  });

  it('builds webcal and Google addresses from the https one', () => {
    expect(webcalOf('http://localhost:3000/api/v1/calendar/x.ics')).toBe(
      'webcal://localhost:3000/api/v1/calendar/x.ics',
    );
    expect(googleCalendarLink('https://a.example/c.ics')).toBe(
      'https://calendar.google.com/calendar/render?cid=webcal%3A%2F%2Fa.example%2Fc.ics',
    );
  });
});

/** The browser's push pieces, as a browser that supports push has them (jsdom has none). */
function fakePushBrowser(permission: NotificationPermission = 'default') {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  let current: typeof subscription | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      void options;
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    Notification.permission = 'granted';
    return 'granted' as const;
  });
  const Notification = { permission, requestPermission };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { pushManager, requestPermission, subscription };
}

describe('Settings, Notifications on this device', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says so where the browser cannot receive notifications', async () => {
    renderPage(<PushSetting />, '/settings');
    const toggle = await screen.findByRole('switch', { name: 'Notifications on this device' });
    expect(toggle).toBeDisabled();
    expect(screen.getByText('This browser cannot receive notifications.')).toBeInTheDocument();
  });

  it('asks for permission only when turned on, then subscribes with the server key and registers it', async () => {
    const browser = fakePushBrowser();
    renderPage(<PushSetting />, '/settings');
    const toggle = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await act(async () => undefined);
    expect(toggle).not.toBeChecked();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(toggle);
    expect(await screen.findByText('Notifications are on for this device.')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const key = browser.pushManager.subscribe.mock.calls[0]![0].applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    const post = calls.find((c) => c.url === '/api/v1/push/subscriptions' && c.method === 'POST');
    expect(post?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) },
    });
    expect(toggle).toBeChecked();

    await userEvent.click(toggle);
    expect(await screen.findByText('Notifications are off for this device.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    });
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    expect(toggle).not.toBeChecked();
  });

  it('explains blocked notifications instead of asking again', async () => {
    fakePushBrowser('denied');
    renderPage(<PushSetting />, '/settings');
    expect(await screen.findByRole('switch', { name: 'Notifications on this device' })).toBeDisabled();
    expect(screen.getByText(/Notifications are blocked for Comped/)).toBeInTheDocument();
  });
});
