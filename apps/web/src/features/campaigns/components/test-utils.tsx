import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { SnackbarProvider } from '../../../lib/snackbar';

/** Test only: renders a campaigns component with the app's providers and no retries. */
export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
}

/** Replaces fetch with a router of canned answers; returns the calls made. */
export function mockFetch(handler: (call: FetchCall) => { status: number; body?: unknown }) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = {
        url: decodeURIComponent(String(input)),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const { status, body } = handler(call);
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    }),
  );
  return calls;
}

export function page(data: CampaignResource[], current: number, last: number, total: number) {
  return { data, meta: { current_page: current, last_page: last, per_page: 10, total } };
}

export function makeCampaign(id: number, overrides: Partial<CampaignResource> = {}): CampaignResource {
  return {
    id,
    name: `Campaign ${id}`,
    description: 'A lovely dinner.',
    brand_id: 7,
    brand: { id: 7, name: 'Test Bistro', logo: null, brandType: null },
    category_id: 4,
    status: 'approved',
    step: 4,
    attributes_type: 'generalupdates',
    attributes: {
      launch_date: '2030-06-01',
      opening_date: null,
      event_date: null,
      end_date: null,
      from_time: null,
      to_time: null,
      key_players: [],
    },
    featuredphotos: [],
    locations: [],
    type: {
      booking: {
        compensation: 50,
        max_bookings_per_week: 1,
        max_guests: 2,
        information_only: false,
        tip: null,
        switch: false,
        unavailable_dates: {},
      },
    },
    target: ['influencer'],
    tier_range_influencer: [1, 2],
    tier_range_journalist: [1, 2],
    influencer_instructions: null,
    review_reason: null,
    expires_on: '2030-07-01',
    created_at: '2030-05-01T00:00:00.000Z',
    ...overrides,
  };
}
