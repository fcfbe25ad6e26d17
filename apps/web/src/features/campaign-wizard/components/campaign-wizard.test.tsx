import { makeCampaign } from '@comped/shared/factories/campaign';
import { makeLocation } from '@comped/shared/factories/location';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import { SnackbarProvider } from '../../../lib/snackbar';
import { SessionProvider } from '../../../lib/use-session';
import { TestRouter } from '../../../testing/test-router';
import { CampaignWizard } from './campaign-wizard';

// Saves go through the multipart upload (XMLHttpRequest): `campaigns` creates, `campaigns/{id}` updates.
const createCampaign = vi.fn();
const updateCampaign = vi.fn();
vi.mock('../../../lib/uploads/api-upload', () => ({
  uploadParse: async (path: string, body: FormData) => {
    const id = /^campaigns\/(\d+)$/.exec(path)?.[1];
    return { data: await (id ? updateCampaign(Number(id), body) : createCampaign(body)) };
  },
}));

const user = makeSessionUser('brands', { id: 7, email: 'owner@example.test' });

const LOCATIONS = [
  makeLocation({ id: 11, name: 'Downtown', address: '1 Main St', time_zone: 'UTC', hours: [] }),
  makeLocation({ id: 12, name: 'Uptown', address: '9 High St', time_zone: 'UTC', hours: [] }),
];

/** A draft at step 2 with Uptown, a review note and a $100 compensation; the rest as makeCampaign. */
function draft(over: Partial<CampaignResource> = {}): CampaignResource {
  return makeCampaign({
    id: 42,
    name: 'Spring menu',
    description: 'New dishes',
    brand: { id: 3, name: 'Bistro', logo: null, brandType: null },
    status: 'draft',
    step: 2,
    attributes: {
      launch_date: '2030-04-01',
      opening_date: null,
      event_date: null,
      end_date: null,
      from_time: null,
      to_time: null,
      key_players: [],
    },
    featuredphotos: [
      { id: 1, campaign_id: 42, name: 'abc123', path: 'campaigns/abc123.png', thumb_path: 'campaigns/abc123-card.png' },
    ],
    locations: [{ id: 12, name: 'Uptown', address: '9 High St', time_zone: 'UTC' }],
    type: {
      booking: {
        compensation: 100,
        max_bookings_per_week: 7,
        max_guests: 3,
        information_only: false,
        tip: 'Ask for Sam',
        switch: false,
        unavailable_dates: {},
      },
    },
    target: ['influencer', 'journalist'],
    tier_range_influencer: [2, 3],
    influencer_instructions: null,
    review_reason: 'Please add a better photo',
    expires_on: '2030-05-01',
    created_at: '2030-01-01T00:00:00.000Z',
    ...over,
  });
}

function mockFetch(campaign?: CampaignResource, locations = LOCATIONS) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/locations'))
        return new Response(JSON.stringify({ data: locations }), { status: 200 });
      if (campaign && url.startsWith(`/api/v1/campaigns/${campaign.id}`)) {
        return new Response(JSON.stringify({ data: campaign }), { status: 200 });
      }
      return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    }),
  );
}

function renderWizard(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <QueryClientProvider client={client}>
        <SessionProvider>
          <SnackbarProvider>
            <TestRouter initialEntries={[path]}>
              <Routes>
                <Route path="/create/:type" element={<RouteShim />} />
                <Route path="/edit/campaign/:campaignId" element={<RouteShim />} />
                <Route path="/campaigns" element={<p>Campaign list</p>} />
              </Routes>
            </TestRouter>
          </SnackbarProvider>
        </SessionProvider>
      </QueryClientProvider>
    </LocalizationProvider>,
  );
}

function RouteShim() {
  const { type, campaignId } = useParams();
  return (
    <CampaignWizard key={campaignId ?? type} type={type} campaignId={campaignId ? Number(campaignId) : undefined} />
  );
}

const scrollTo = vi.fn();
beforeEach(() => {
  writeSession({ token: 'token', user });
  vi.stubGlobal('scrollTo', scrollTo);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  createCampaign.mockReset();
  updateCampaign.mockReset();
  scrollTo.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'dish.png', { type: 'image/png' });

describe('campaign wizard', { timeout: 60_000 }, () => {
  it('starts on the Basic step titled by kind, with Back disabled and Next disabled until the basics are there', async () => {
    mockFetch();
    const u = userEvent.setup();
    renderWizard('/create/singledayevent');
    expect(await screen.findByRole('heading', { name: 'Single-Day Event', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(screen.getByText('50 characters max')).toBeInTheDocument();
    expect(screen.getByText('500 characters max')).toBeInTheDocument();
    // Event times default to 6:00 PM - 6:30 PM.
    expect(screen.getByRole('combobox', { name: 'Starts at' })).toHaveTextContent('6:00 PM');
    expect(screen.getByRole('combobox', { name: 'Ends at' })).toHaveTextContent('6:30 PM');

    await u.click(screen.getByRole('textbox', { name: /Campaign name/ }));
    await u.paste('Rooftop party');
    await u.click(screen.getByRole('textbox', { name: /Description/ }));
    await u.paste('Sunset drinks');
    expect(next).toBeDisabled();
    await u.upload(screen.getByLabelText('Add photos'), photo());
    expect(next).toBeEnabled();
    await u.clear(screen.getByRole('textbox', { name: /Campaign name/ }));
    expect(next).toBeDisabled();
    expect(await screen.findByText(MSG.required)).toBeInTheDocument();
    // A new campaign has no draft to load: nothing asks for campaigns/{id} (nor for campaigns/0).
    const requested = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(requested.filter((url) => url.startsWith('/api/v1/campaigns'))).toEqual([]);
  });

  it('refuses a picked image over 10MB with the spec message', async () => {
    mockFetch();
    const u = userEvent.setup();
    renderWizard('/create/opening');
    await screen.findByRole('heading', { name: 'Opening', level: 2 });
    const big = new File([new Uint8Array(4)], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await u.upload(screen.getByLabelText('Add photos'), big);
    expect(await screen.findByText(MSG.imageTooLarge)).toBeInTheDocument();
  });

  it('asks for every key player field when key players are on, and the date of the kind', async () => {
    mockFetch();
    const u = userEvent.setup();
    renderWizard('/create/generalupdates');
    await screen.findByRole('heading', { name: 'General Updates', level: 2 });
    // The spec's booking days: without an end date, the launch day and the day after.
    expect(
      screen.getByText('Optional. Without one, visits can be booked on the launch day and the day after.'),
    ).toBeInTheDocument();
    await u.click(screen.getByRole('textbox', { name: /Campaign name/ }));
    await u.paste('Spring');
    await u.click(screen.getByRole('textbox', { name: /Description/ }));
    await u.paste('New menu');
    await u.upload(screen.getByLabelText('Add photos'), photo());
    await u.click(screen.getByRole('switch', { name: /people behind this campaign/ }));
    await u.click(screen.getByRole('textbox', { name: 'Chef name' }));
    await u.paste('Ana');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MSG.keyPlayersIncomplete)).toBeInTheDocument();
    expect(screen.getByText(MSG.required)).toBeInTheDocument();
    expect(createCampaign).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'General Updates', level: 2 })).toBeInTheDocument();
  });

  it('reopens a draft at its saved step with everything filled in, and moves with Back and Next', async () => {
    const saved = draft();
    mockFetch(saved);
    updateCampaign.mockImplementation(async () => draft({ step: 3 }));
    const u = userEvent.setup();
    renderWizard('/edit/campaign/42');
    expect(await screen.findByRole('heading', { name: 'Bookings', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Please add a better photo')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /Uptown/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Downtown/ })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Compensation' })).toHaveTextContent('$100');
    expect(screen.getByRole('spinbutton', { name: 'Max bookings per week' })).toHaveValue(7);
    expect(screen.getByText(MSG.maxBookingsHint)).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Audience', level: 2 })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.getByRole('checkbox', { name: 'Influencers' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Journalists' })).toBeChecked();
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(updateCampaign).toHaveBeenCalledTimes(1));
    const body = updateCampaign.mock.calls[0]![1] as FormData;
    expect(body.get('step')).toBe('2');
    expect(JSON.parse(body.get('target') as string)).toEqual(['influencer', 'journalist']);
    expect(JSON.parse(body.get('tier_range_influencer') as string)).toEqual([2, 3]);
    expect(await screen.findByRole('heading', { name: 'Bookings', level: 2 })).toBeInTheDocument();
  });

  it('keeps one audience selected', async () => {
    mockFetch(draft({ step: 1, target: ['journalist'] }));
    renderWizard('/edit/campaign/42');
    expect(await screen.findByRole('heading', { name: 'Audience', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Journalists' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Influencers' })).not.toBeChecked();
    expect(screen.getByText(/wide range of tiers is recommended/)).toBeInTheDocument();
  });

  it('shows server field errors on their step, and submits from Review with the confirmation dialog', async () => {
    const saved = draft({ step: 4 });
    mockFetch(saved);
    const { ApiError } = await import('../../../lib/api-client');
    updateCampaign.mockRejectedValueOnce(
      new ApiError(422, MSG.atLeastOneLocation, { locations: [MSG.atLeastOneLocation] }),
    );
    const u = userEvent.setup();
    renderWizard('/edit/campaign/42');
    expect(await screen.findByRole('heading', { name: 'Review', level: 2 })).toBeInTheDocument();
    const review = screen.getByRole('region', { name: 'Bookings' });
    expect(within(review).getByText('Uptown')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Bookings', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(MSG.atLeastOneLocation)).toBeInTheDocument();

    updateCampaign.mockResolvedValueOnce(draft({ step: 4, status: 'review' }));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(updateCampaign).toHaveBeenCalledTimes(2));
  });

  it('shows on Review what the comp covers, its allowance and who may come along', async () => {
    const base = draft().type.booking!;
    mockFetch(
      draft({
        step: 4,
        type: {
          booking: {
            ...base,
            includes: ['Tasting menu for two', 'One cocktail'],
            allowance: 25,
            guest_policy: 'optional',
          },
        },
      }),
    );
    renderWizard('/edit/campaign/42');
    await screen.findByRole('heading', { name: 'Review', level: 2 });
    const review = screen.getByRole('region', { name: 'Bookings' });
    expect(within(review).getByText('Guests optional, up to 3.')).toBeInTheDocument();
    expect(within(review).getByText(/Tasting menu for two\s+One cocktail/)).toBeInTheDocument();
    expect(within(review).getByText('$25')).toBeInTheDocument();
  });

  it('takes words typed together as separate hashtags', async () => {
    mockFetch(draft({ step: 3 }));
    const u = userEvent.setup();
    renderWizard('/edit/campaign/42');
    await screen.findByRole('heading', { name: 'Requirements', level: 2 });
    await u.type(screen.getByRole('combobox', { name: 'Hashtags' }), '#spring menu, launch{Enter}');
    for (const tag of ['#spring', '#menu', '#launch'])
      expect(screen.getByRole('button', { name: tag })).toBeInTheDocument();
  });

  it('submits a complete draft for review and says so', async () => {
    const saved = draft({ step: 4 });
    mockFetch(saved);
    updateCampaign.mockImplementation(async (_id: number, body: FormData) =>
      draft({ step: Number(body.get('step')), status: body.get('status') === 'review' ? 'review' : 'draft' }),
    );
    const u = userEvent.setup();
    renderWizard('/edit/campaign/42');
    await screen.findByRole('heading', { name: 'Review', level: 2 });
    await u.click(screen.getByRole('button', { name: 'Edit Audience' }));
    expect(await screen.findByRole('heading', { name: 'Audience', level: 2 })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Back' }));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Audience', level: 2 })).toBeInTheDocument();
    for (const next of ['Bookings', 'Requirements', 'Review']) {
      await u.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('heading', { name: next, level: 2 })).toBeInTheDocument();
    }
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.campaignSubmitted)).toBeInTheDocument();
    const last = updateCampaign.mock.calls.at(-1)![1] as FormData;
    expect(last.get('status')).toBe('review');
    await u.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Campaign list')).toBeInTheDocument();
  });

  it('shows the Missing locations dialog to a brand without locations', async () => {
    mockFetch(undefined, []);
    renderWizard('/create/opening');
    expect(await screen.findByRole('dialog', { name: MSG.missingLocationsTitle })).toBeInTheDocument();
  });
});
