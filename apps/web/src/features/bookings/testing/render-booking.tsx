import { ThemeProvider } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { SnackbarProvider } from '../../../lib/snackbar';
import { theme } from '../../../lib/theme';
import { SessionProvider } from '../../../lib/use-session';

/** Renders a bookings component with the app's providers; /campaigns shows a marker page. */
export function renderWithApp(ui: ReactElement, path = '/campaigns/1/book') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ThemeProvider theme={theme}>
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <QueryClientProvider client={client}>
          <SessionProvider>
            <SnackbarProvider>
              <MemoryRouter initialEntries={[path]}>
                <Routes>
                  <Route path="/campaigns" element={<p>Campaigns page</p>} />
                  <Route path="/profile" element={<p>Profile page</p>} />
                  <Route path="/bookings/:tab" element={ui} />
                  <Route path="*" element={ui} />
                </Routes>
              </MemoryRouter>
            </SnackbarProvider>
          </SessionProvider>
        </QueryClientProvider>
      </LocalizationProvider>
    </ThemeProvider>,
  );
}

type Handler = (url: string, init: RequestInit | undefined) => { status: number; body: unknown } | undefined;

/** Replaces fetch: each call goes to `handler`, which answers a status and a JSON body. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const answer = handler(url, init) ?? { status: 404, body: { message: 'Not found.' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** An accepted booking of Ann (influencer 5) at Downtown for "Summer menu" of Bistro Uno (brand 3). */
export function makeBooking(overrides: Partial<BookingResource> = {}): BookingResource {
  return {
    id: 9,
    status: 'accepted',
    booking_date: '2026-06-03',
    booking_time: '10:00',
    guests: 1,
    campaign_id: 7,
    location_id: 11,
    review: null,
    rate: null,
    influencer: {
      id: 5,
      name: 'Ann',
      profile_picture: null,
      type: 'influencer',
      tier_range: 1,
      bio: null,
      location: null,
      workplace: null,
      socialnetworks: [],
    },
    campaign: {
      id: 7,
      name: 'Summer menu',
      category_id: 4,
      brand: { id: 3, name: 'Bistro Uno', logo: null, brandType: null },
      type: { booking: { compensation: 50 } },
    },
    location: { id: 11, name: 'Downtown', address: '12 Harbor St', time_zone: 'America/New_York' },
    task: null,
    can_rate: false,
    created_at: '2026-06-01T00:00:00Z',
    check_in_code: null,
    checked_in_at: null,
    check_in_opens_at: null,
    check_in_closes_at: null,
    can_mark_no_show: false,
    no_show_at: null,
    dispute: null,
    can_dispute: false,
    dispute_until: null,
    decline_reason: null,
    reliability: { percent: null, visits: 0 },
    ...overrides,
  };
}
