import { makeBooking as makeSharedBooking } from '@comped/shared/factories/booking';
import { makeMediaUserSummary } from '@comped/shared/factories/media-user-summary';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { ThemeProvider } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/preact';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';

import { SnackbarProvider } from '../../../lib/snackbar';
import { theme } from '../../../lib/theme';
import { SessionProvider } from '../../../lib/use-session';
import { TestRouter } from '../../../testing/test-router';

/** Renders a bookings component with the app's providers; /campaigns shows a marker page. */
export function renderWithApp(ui: ReactElement, path = '/campaigns/1/book') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ThemeProvider theme={theme}>
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <QueryClientProvider client={client}>
          <SessionProvider>
            <SnackbarProvider>
              <TestRouter initialEntries={[path]}>
                <Routes>
                  <Route path="/campaigns" element={<p>Campaigns page</p>} />
                  <Route path="/profile" element={<p>Profile page</p>} />
                  <Route path="/bookings/:tab" element={ui} />
                  <Route path="*" element={ui} />
                </Routes>
              </TestRouter>
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

/**
 * The shared makeBooking as these tests were written against it: an accepted 10:00 visit of Ann
 * (influencer 5, no bio nor handles) for one guest on 2026-06-03, before any check-in code or window,
 * with no visits yet. Checked by the shared schema like every factory.
 */
export function makeBooking(overrides: Partial<BookingResource> = {}): BookingResource {
  const base = makeSharedBooking();
  return makeSharedBooking({
    booking_date: '2026-06-03',
    booking_time: '10:00',
    guests: 1,
    influencer: makeMediaUserSummary({ name: 'Ann', bio: null, location: null, socialnetworks: [] }),
    campaign: { ...base.campaign, brand: { ...base.campaign.brand, brandType: null } },
    location: { ...base.location, address: '12 Harbor St' },
    created_at: '2026-06-01T00:00:00.000Z',
    check_in_code: null,
    check_in_opens_at: null,
    check_in_closes_at: null,
    reliability: { percent: null, visits: 0 },
    ...overrides,
  });
}
