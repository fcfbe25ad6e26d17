import { makeSessionUser } from '@comped/shared/factories/session-user';
import { MSG } from '@comped/shared/messages';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { startEarlyGet } from '../../../boot/early-request';
import { apiUrl } from '../../../lib/api-client';
import { writeSession } from '../../../lib/session';
import { campaignPageQuery, firstCampaignPage } from '../api/paging';
import { BrandCampaigns } from './brand-campaigns';
import { MediaCampaigns } from './media-campaigns';
import { makeCampaign, mockFetch, page, renderWithProviders } from './test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('media campaign list', () => {
  it("reads 'Error: Unable to retrieve campaigns.' when the first load fails", async () => {
    mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderWithProviders(<MediaCampaigns userId={3} />);
    expect(await screen.findByText(MSG.unableCampaigns)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a friendly empty state', async () => {
    mockFetch(() => ({ status: 200, body: page([], 1, 1, 0) }));
    renderWithProviders(<MediaCampaigns userId={3} />);
    expect(await screen.findByText('No campaigns for you right now')).toBeInTheDocument();
  });

  it("lists campaigns, pins later pages to the first one, and shows 'Error fetching campaigns.' when a later page fails", async () => {
    const first = Array.from({ length: 10 }, (_, i) => makeCampaign(30 - i));
    const calls = mockFetch(({ url }) =>
      url.includes('page[number]=1') ? { status: 200, body: page(first, 1, 2, 12) } : { status: 500, body: {} },
    );
    renderWithProviders(<MediaCampaigns userId={3} />);
    const list = await screen.findByRole('list', { name: 'Campaigns for you' });
    // The cards below the first screen follow one per task (lib/in-turn.tsx).
    await waitFor(() => expect(within(list).getAllByTestId('campaign-card')).toHaveLength(10));
    expect(within(list).getAllByText('Complimentary experience worth $50')).toHaveLength(10);
    // The list's footer comes after its last card.
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(MSG.errorFetchingCampaigns)).toBeInTheDocument();
    // The cards already loaded stay, and the second page was pinned to the newest campaign.
    expect(within(list).getAllByTestId('campaign-card')).toHaveLength(10);
    // It also carries the last campaign shown (page[cursor]), so the server seeks instead of skipping.
    expect(calls.at(-1)?.url).toContain(
      '/api/v1/influencers/3/campaigns?page[number]=2&page[size]=10&page[before]=30&page[cursor]=21',
    );
    expect(calls[0]?.url).not.toContain('page[cursor]');
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('says on its card until when a launch without an end date took visits, once that day has passed', async () => {
    const base = makeCampaign(4);
    const launched = makeCampaign(4, {
      name: 'Launched last month',
      attributes: { ...base.attributes, launch_date: '2020-03-02' },
    });
    const upcoming = makeCampaign(3, { name: 'Launching later' });
    mockFetch(() => ({ status: 200, body: page([launched, upcoming], 1, 1, 2) }));
    renderWithProviders(<MediaCampaigns userId={3} />);
    const list = await screen.findByRole('list', { name: 'Campaigns for you' });
    const [first, second] = within(list).getAllByTestId('campaign-card');
    expect(first).toHaveTextContent('Visits could be booked until Mar 3, 2020');
    expect(second).not.toHaveTextContent('Visits could be booked');
  });

  it('does not call a launch closed on the phone’s next day while its venue is still on its last one', async () => {
    // 04:30 UTC on Dec 7: the phone (UTC, or any zone east of UTC-4) reads Dec 7; New York is at
    // 11:30 PM on Dec 6, the last day of visits of a launch on Dec 5; London is on Dec 7.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T04:30:00Z'));
    try {
      const base = makeCampaign(4);
      const launchAt = (id: number, name: string, timeZone: string) =>
        makeCampaign(id, {
          name,
          attributes: { ...base.attributes, launch_date: '2026-12-05' },
          locations: [{ id, name, address: '1 Main St', time_zone: timeZone }],
        });
      const newYork = launchAt(4, 'Launch in New York', 'America/New_York');
      const london = launchAt(3, 'Launch in London', 'Europe/London');
      mockFetch(() => ({ status: 200, body: page([newYork, london], 1, 1, 2) }));
      renderWithProviders(<MediaCampaigns userId={3} />);
      const list = await screen.findByRole('list', { name: 'Campaigns for you' });
      const [first, second] = within(list).getAllByTestId('campaign-card');
      expect(first).toHaveTextContent('Launch in New York');
      expect(first).not.toHaveTextContent('Visits could be booked');
      expect(second).toHaveTextContent('Visits could be booked until Dec 6, 2026');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('brand campaign list', () => {
  it('asks the tab filter, shows the staff reason on a draft, and discards only after confirmation', async () => {
    const draft = makeCampaign(5, { status: 'draft', review_reason: 'Please add a photo.', name: 'Winter menu' });
    const calls = mockFetch(({ method }) =>
      method === 'DELETE' ? { status: 204 } : { status: 200, body: page([draft], 1, 1, 1) },
    );
    renderWithProviders(<BrandCampaigns brandId={9} />);
    await userEvent.click(screen.getByRole('tab', { name: 'In review & drafts' }));
    expect(await screen.findByText('Please add a photo.')).toBeInTheDocument();
    expect(
      calls.some((c) => c.url.includes('brands/9/campaigns?') && c.url.includes('filter[status]=review,draft')),
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit/campaign/5');
    await userEvent.click(screen.getByRole('button', { name: 'Discard Winter menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this draft?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/campaigns/5'))).toBe(true));
    expect(await screen.findByText('The draft was discarded.')).toBeInTheDocument();
  });

  it('shows the three tabs and More details for campaigns that are not drafts', async () => {
    mockFetch(() => ({ status: 200, body: page([makeCampaign(8, { name: 'Terrace' })], 1, 1, 1) }));
    renderWithProviders(<BrandCampaigns brandId={9} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Approved', 'In review & drafts', 'Expired']);
    expect(await screen.findByRole('link', { name: 'More details about Terrace' })).toHaveAttribute(
      'href',
      '/campaigns/8',
    );
    expect(screen.getByRole('button', { name: 'Create a campaign' })).toBeInTheDocument();
  });

  it('sends a brand without locations to the Missing locations dialog, and others to a choice of kinds', async () => {
    let locations: unknown[] = [];
    mockFetch(({ url }) =>
      url.endsWith('/api/v1/locations')
        ? { status: 200, body: { data: locations } }
        : { status: 200, body: page([], 1, 1, 0) },
    );
    const { unmount } = renderWithProviders(<BrandCampaigns brandId={9} />);
    expect(await screen.findByText('No approved campaigns yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create a campaign' }));
    expect(await screen.findByRole('dialog', { name: MSG.missingLocationsTitle })).toBeInTheDocument();
    unmount();

    locations = [{ id: 1, name: 'Main room' }];
    renderWithProviders(<BrandCampaigns brandId={9} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create a campaign' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.querySelector('p')?.textContent),
    ).toEqual(['General Updates', 'Opening', 'Single-Day Event']);
  });
});

describe('media campaign list after an early first page', () => {
  it('renders the cards in its first pass when the early answer is already in', async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    const first = Array.from({ length: 3 }, (_, i) => makeCampaign(30 - i));
    mockFetch(() => ({ status: 200, body: page(first, 1, 1, 3) }));
    // As boot/early-campaigns.ts asks while the code downloads; its answer is in before the page renders.
    await startEarlyGet(apiUrl('influencers/3/campaigns', campaignPageQuery(firstCampaignPage)), 'tok');
    await Promise.resolve();
    renderWithProviders(<MediaCampaigns userId={3} />);
    // No waiting: the cards are there as the page first renders.
    const list = screen.getByRole('list', { name: 'Campaigns for you' });
    expect(within(list).getAllByTestId('campaign-card')).toHaveLength(3);
    expect(screen.getByText('3 campaigns')).toBeInTheDocument();
  });

  it('falls back to asking when the early answer has another shape', async () => {
    writeSession({ token: 'tok', user: makeSessionUser('influencer') });
    const calls = mockFetch(() => ({ status: 200, body: { data: 'not a page' } }));
    await startEarlyGet(apiUrl('influencers/3/campaigns', campaignPageQuery(firstCampaignPage)), 'tok');
    await Promise.resolve();
    renderWithProviders(<MediaCampaigns userId={3} />);
    // The page asks itself, and the drifted shape is reported as for any answer (no cards from it).
    expect(screen.queryByTestId('campaign-card')).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(2));
  });
});
