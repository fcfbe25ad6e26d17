import { makeCampaign as makeSharedCampaign } from '@comped/shared/factories/campaign';
import { makePage } from '@comped/shared/factories/page';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/preact';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

import { SnackbarProvider } from '../../../lib/snackbar';
import { TestRouter } from '../../../testing/test-router';

/** Test only: renders a campaigns component with the app's providers and no retries. */
export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <TestRouter>{ui}</TestRouter>
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

/** A page of campaigns as the API sends it (meta checked by the shared envelope). */
export function page(data: CampaignResource[], current: number, last: number, total: number) {
  return makePage(data, { current_page: current, last_page: last, per_page: 10, total });
}

/**
 * The shared makeCampaign as these lists were written against it: "Campaign {id}" of Test Bistro
 * (brand 7), launched 2030-06-01, with no photos, locations nor instructions.
 */
export function makeCampaign(id: number, overrides: Partial<CampaignResource> = {}): CampaignResource {
  const base = makeSharedCampaign();
  return makeSharedCampaign({
    id,
    name: `Campaign ${id}`,
    description: 'A lovely dinner.',
    brand_id: 7,
    brand: { id: 7, name: 'Test Bistro', logo: null, brandType: null },
    attributes: { ...base.attributes, launch_date: '2030-06-01', end_date: null, key_players: [] },
    featuredphotos: [],
    locations: [],
    type: {
      booking: {
        ...base.type.booking!,
        max_bookings_per_week: 1,
        tip: null,
        unavailable_dates: {},
      },
    },
    influencer_instructions: null,
    expires_on: '2030-07-01',
    created_at: '2030-05-01T00:00:00.000Z',
    ...overrides,
  });
}
