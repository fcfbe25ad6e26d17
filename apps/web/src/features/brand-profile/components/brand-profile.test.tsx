import { makeBrand } from '@comped/shared/factories/brand';
import { makeCampaign } from '@comped/shared/factories/campaign';
import { makeLocation } from '@comped/shared/factories/location';
import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { MSG } from '@comped/shared/messages';
import { addDays, formatDay } from '@comped/shared/time';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { localToday } from '../../../lib/local-today';
import { writeSession } from '../../../lib/session';
import { SnackbarProvider } from '../../../lib/snackbar';
import { SessionProvider } from '../../../lib/use-session';
import { TestRouter } from '../../../testing/test-router';
import { BrandDashboard } from './brand-dashboard';
import { BrandEditPage } from './brand-edit-page';
import { hoursSummary } from './brand-profile-page';
import { BrandView } from './brand-view';

vi.setConfig({ testTimeout: 60_000 });

const user = makeSessionUser('brands', { id: 7, email: 'owner@example.test' });

// Bistro before it has a location, a menu or a photo: the dashboard asks for a location first.
const BRAND = makeBrand({
  name: 'Bistro',
  description: 'Small plates.',
  address: '1 Main St',
  zip: '10001',
  phones: '5551234567',
  brandType: null,
  socialnetworks: [{ id: 1, name: 'instagram', handle: 'bistro' }],
  locations: [],
  menus: [],
  photos: [],
});

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown } | undefined;
let handler: Handler;
const calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  writeSession({ token: 'tok', user });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer =
        handler(url, init) ??
        (url.endsWith('/api/v1/brands/3') && method === 'GET' ? { status: 200, body: { data: BRAND } } : undefined) ??
        (url.includes('/api/v1/profile')
          ? { status: 200, body: { data: user } }
          : { status: 404, body: { message: 'Not found.' } });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, element: React.ReactNode, state?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <SnackbarProvider>
          <TestRouter initialEntries={[{ pathname: path, state }]}>
            <Routes>
              <Route path={path} element={element} />
              <Route path="/profile" element={<p>Profile page</p>} />
              <Route path="/campaigns" element={<p>Campaigns page</p>} />
              <Route path="/create/:kind" element={<p>Wizard page</p>} />
              <Route path="/profile/location" element={<p>Location page</p>} />
            </Routes>
          </TestRouter>
        </SnackbarProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('/profile/edit', () => {
  it('checks the shared rules before sending', async () => {
    handler = () => undefined;
    const u = renderAt('/profile/edit', <BrandEditPage />);
    const zip = await screen.findByLabelText(/Zip Code/);
    await u.clear(zip);
    await u.type(zip, '12a');
    await u.clear(screen.getByLabelText(/Brand Name/));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.zipNumber)).toBeInTheDocument();
    expect(screen.getByText(MSG.required)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('saves, shows "The brand was updated" and goes back to the profile', async () => {
    handler = (url, init) =>
      init.method === 'PATCH' || init.method === 'PUT' ? { status: 200, body: { data: BRAND } } : undefined;
    const u = renderAt('/profile/edit', <BrandEditPage />);
    const description = await screen.findByLabelText(/Description/);
    await u.clear(description);
    await u.type(description, 'Bigger plates.');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.brandUpdated)).toBeInTheDocument();
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ description: 'Bigger plates.', zip: '10001' });
    const social = calls.find((c) => c.url.includes('brands/socialnetworks/3'))!;
    expect(social.body).toMatchObject({
      socialnetworks: expect.arrayContaining([{ name: 'instagram', handle: 'bistro' }]),
    });
  });

  it('shows server 422 messages under their fields, and a snackbar for other failures', async () => {
    handler = (_url, init) =>
      init.method === 'PATCH'
        ? { status: 422, body: { message: 'Taken', errors: { name: ['That name is taken.'] } } }
        : undefined;
    const u = renderAt('/profile/edit', <BrandEditPage />);
    await u.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That name is taken.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Brand Name/)).toHaveAttribute('aria-invalid', 'true');

    handler = (_url, init) => (init.method === 'PATCH' ? { status: 500, body: { message: 'boom' } } : undefined);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.saveFailed)).toBeInTheDocument();
  });
});

describe('BrandDashboard', () => {
  it('shows "No bookings yet.", survives a failing campaigns call, and asks for a location first', async () => {
    handler = (url) => {
      if (url.includes('/bookings')) return { status: 200, body: makePage([], { per_page: 5 }) };
      if (url.includes('/campaigns')) return { status: 500, body: { message: 'down' } };
      return undefined;
    };
    const u = renderAt('/dashboard', <BrandDashboard />);
    expect(await screen.findByText(MSG.noBookings)).toBeInTheDocument();
    expect(await screen.findByText('Campaigns are not available right now.')).toBeInTheDocument();
    expect(await screen.findByText(MSG.brandPhotoHelp)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByRole('dialog', { name: MSG.missingLocationsTitle })).toBeInTheDocument();
  });

  it('says until when each live campaign is offered, and when a launch without an end date takes visits', async () => {
    const today = localToday();
    const day = (n: number) => formatDay(addDays(today, n), { weekday: false });
    const launch = (id: number, name: string, launchedDaysAgo: number) =>
      makeCampaign({
        id,
        name,
        attributes: { ...makeCampaign().attributes, launch_date: addDays(today, -launchedDaysAgo), end_date: null },
        expires_on: addDays(today, 30 - launchedDaysAgo),
      });
    const campaigns = [
      makeCampaign({
        id: 1,
        name: 'Summer menu',
        attributes: { ...makeCampaign().attributes, end_date: addDays(today, 20) },
        expires_on: addDays(today, 20),
      }),
      launch(2, 'Launched today', 0),
      launch(3, 'Launched three days ago', 3),
    ];
    handler = (url) =>
      url.includes('/campaigns') ? { status: 200, body: makePage(campaigns, { per_page: 5 }) } : undefined;
    renderAt('/dashboard', <BrandDashboard />);
    const row = async (name: string) => (await screen.findByRole('link', { name: new RegExp(name) })).textContent;
    expect(await row('Summer menu')).toContain(`Offered until ${day(20)}`);
    expect(await row('Launched today')).toContain(`Visits until ${day(1)} · offered until ${day(30)}`);
    expect(await row('Launched three days ago')).toContain(
      `Visits could be booked until ${day(-2)} · offered until ${day(27)}`,
    );
  });

  it('offers the three kinds when the brand has a location', async () => {
    handler = (url) =>
      url.endsWith('/api/v1/brands/3')
        ? {
            status: 200,
            body: {
              data: makeBrand({ ...BRAND, locations: [makeLocation({ id: 1, name: 'A', address: 'B', hours: [] })] }),
            },
          }
        : undefined;
    const u = renderAt('/dashboard', <BrandDashboard />);
    await screen.findByText(MSG.brandPhotoHelp);
    await u.click(screen.getByRole('button', { name: 'Create campaign' }));
    await u.click(await screen.findByRole('button', { name: /Single-Day Event/ }));
    expect(await screen.findByText('Wizard page')).toBeInTheDocument();
  });
});

describe('/brands/{id}', () => {
  it('shows the brand from navigation state, and redirects to /campaigns without it', async () => {
    handler = () => undefined;
    renderAt('/brands/3', <BrandView />, {
      brand: { id: 3, name: 'Bistro', logo: null, brandType: 'Bar', description: 'Small plates.' },
    });
    expect(await screen.findByText('Small plates.')).toBeInTheDocument();
    expect(screen.getByText('Bar')).toBeInTheDocument();
  });
  it('redirects without state', async () => {
    handler = () => undefined;
    renderAt('/brands/3', <BrandView />);
    expect(await screen.findByText('Campaigns page')).toBeInTheDocument();
  });
});

describe('hoursSummary', () => {
  it('groups consecutive days with the same hours', () => {
    const all = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
    expect(hoursSummary({ hours: all.map((day) => ({ day, start_time: '00:00', end_time: '23:30' })) })).toBe(
      'Every day 12:00 AM–11:30 PM',
    );
    expect(
      hoursSummary({
        hours: [
          { day: 'monday', start_time: '09:00', end_time: '17:00' },
          { day: 'tuesday', start_time: '09:00', end_time: '17:00' },
          { day: 'thursday', start_time: '09:00', end_time: '17:00' },
        ],
      }),
    ).toBe('Mon–Tue 9:00 AM–5:00 PM · Thu 9:00 AM–5:00 PM');
    expect(hoursSummary({ hours: [] })).toBe('Closed every day');
  });
});
