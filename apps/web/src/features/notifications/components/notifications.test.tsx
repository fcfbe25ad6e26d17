import { makeNotification } from '@comped/shared/factories/notification';
import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { MSG } from '@comped/shared/messages';
import { DEFAULT_MAIL, REQUIRED_MAIL_TYPES } from '@comped/shared/validation/notifications';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import type { FakeCall } from '../../../testing/render';
import { renderPage, stubFetch } from '../../../testing/render';
import { NotificationBell } from './notification-bell';
import { NotificationPreferencesSection } from './notification-preferences-section';

let handler: (url: string, method: string, body: unknown) => [number, unknown];
let calls: FakeCall[] = [];
beforeEach(() => {
  writeSession({ token: 't', user: makeSessionUser('influencer') });
  calls = stubFetch((url, method, body) => handler(url, method, body));
});
afterEach(() => vi.unstubAllGlobals());

describe('NotificationBell', () => {
  it('shows the unread count, the latest ten as links, and marks them read', async () => {
    const unread = makeNotification({ id: 2 });
    const read = makeNotification({
      id: 1,
      type: 'message',
      title: 'New message from Juniper Kitchen',
      body: 'See you soon!',
      link: '/inbox/12',
      read_at: '2026-03-02T11:00:00.000Z',
    });
    handler = (url) =>
      url.startsWith('/api/v1/notifications?')
        ? [200, { ...makePage([unread, read]), meta: { ...makePage([unread, read]).meta, unread: 1 } }]
        : [200, null];
    renderPage(<NotificationBell />, '/campaigns');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(calls[0]!.url).toBe('/api/v1/notifications?page%5Bnumber%5D=1&page%5Bsize%5D=10');
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(panel).getAllByRole('link');
    expect(items.map((a) => a.getAttribute('href'))).toEqual(['/bookings/upcoming', '/inbox/12']);
    expect(items[0]).toHaveTextContent(/Unread: Booking accepted/);
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        url: '/api/v1/notifications/read',
        method: 'POST',
        body: { all: true },
      }),
    );
    await userEvent.click(items[0]!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ ids: [2] }));
    expect(screen.getByTestId('location')).toHaveTextContent('/bookings/upcoming');
  });

  it('opens at once when it was tapped before its code arrived', async () => {
    handler = () => [200, { ...makePage([]), meta: { ...makePage([]).meta, unread: 0 } }];
    renderPage(<NotificationBell openAtStart />, '/campaigns');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('You are all caught up.')).toBeInTheDocument();
  });
});

describe('NotificationPreferencesSection', () => {
  it('shows the required mails locked on, and saves only what changed', async () => {
    const saved = { mail: { ...DEFAULT_MAIL }, required: [...REQUIRED_MAIL_TYPES] };
    handler = (_url, method, body) => {
      if (method === 'PUT') {
        const next = { ...saved, mail: { ...saved.mail, ...(body as { mail: Record<string, boolean> }).mail } };
        return [200, { data: next }];
      }
      return [200, { data: saved }];
    };
    renderPage(<NotificationPreferencesSection />, '/settings');
    const required = await screen.findByRole('checkbox', { name: 'Booking accepted' });
    expect(required).toBeChecked();
    expect(required).toBeDisabled();
    expect(required).toHaveAccessibleDescription('Always sent by e-mail');
    const messages = screen.getByRole('checkbox', { name: 'New messages (after 10 minutes unread)' });
    expect(messages).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save e-mail settings' });
    expect(save).toBeDisabled();
    await userEvent.click(messages);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Guest checked in' }));
    await userEvent.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ mail: { checked_in: true, message: false } }),
    );
    expect(await screen.findByText(MSG.settingsUpdated)).toBeInTheDocument();
    // A brand is not offered what only media users receive.
    expect(screen.queryByRole('checkbox', { name: 'Campaign approved' })).toBeNull();
  });
});
