import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import type { ContentItemResource } from '@comped/shared/schemas/directory';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import type { FakeCall } from '../../../testing/render';
import { renderPage, stubFetch } from '../../../testing/render';
import { ContentPage } from './content-page';

const brand = makeSessionUser('brands');
const item = (over: Partial<ContentItemResource> = {}): ContentItemResource => ({
  id: 21,
  type: 'post',
  network: 'instagram',
  url: 'https://www.instagram.com/p/garden/',
  checked: true,
  creator: { id: 7, name: 'Dana Finder' },
  campaign: { id: 5, name: 'Garden tasting' },
  booking_id: 9,
  delivered_at: '2026-03-01T10:00:00.000Z',
  favourite: false,
  rights: { organic: false, ads: true, website: false, expires_on: '2026-03-03' },
  ...over,
});

let handler: (url: string, method: string, body: unknown) => [number, unknown];
let calls: FakeCall[] = [];
beforeEach(() => {
  writeSession({ token: 't', user: brand });
  calls = stubFetch((url, method, body) => handler(url, method, body));
});
afterEach(() => vi.unstubAllGlobals());

describe('ContentPage', () => {
  it('shows each item with its link, creator, campaign, link check and rights, and marks a favourite', async () => {
    handler = (url, method) => {
      if (method === 'PUT') return [200, { data: item({ favourite: true }) }];
      if (url.includes('/campaigns')) return [200, makePage([])];
      return [200, makePage([item(), item({ id: 22, type: 'story', checked: false, rights: null })])];
    };
    renderPage(<ContentPage />, '/content');
    const post = await screen.findByRole('article', { name: 'Post on Instagram by Dana Finder' });
    expect(within(post).getByRole('link', { name: 'https://www.instagram.com/p/garden/' })).toBeInTheDocument();
    expect(post).toHaveTextContent('Garden tasting');
    expect(post).toHaveTextContent('Link checked');
    expect(post).toHaveTextContent(/Ads use until 3 March/);
    const story = screen.getByRole('article', { name: 'Story on Instagram by Dana Finder' });
    expect(story).toHaveTextContent('Link not checked');
    expect(story).toHaveTextContent('No usage rights');

    await userEvent.click(within(post).getByRole('button', { name: 'Add to favourites' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toContain('/brands/3/content/21');
    expect(put?.body).toEqual({ favourite: true });
  });

  it('says so when nothing was delivered yet', async () => {
    handler = () => [200, makePage([])];
    renderPage(<ContentPage />, '/content');
    expect(await screen.findByText('No content yet')).toBeInTheDocument();
  });

  it('says the filters match nothing rather than that nothing was delivered, and a reversed range why', async () => {
    handler = () => [200, makePage([])];
    renderPage(<ContentPage />, '/content', '/content?type=story&from=2026-11-25&to=2026-11-20');
    expect(await screen.findByText('No content matches these filters')).toBeInTheDocument();
    expect(screen.queryByText('No content yet')).toBeNull();
    expect(screen.getByText('The end date must be on or after the start date.')).toBeInTheDocument();
  });

  it('on a phone, keeps Favourites only and Download CSV in view and folds the other filters', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    handler = (url) => (url.includes('/campaigns') ? [200, makePage([])] : [200, makePage([item()])]);
    renderPage(<ContentPage />, '/content', '/content?type=post&network=instagram');
    await screen.findByRole('article', { name: 'Post on Instagram by Dana Finder' });
    expect(screen.getByRole('switch', { name: 'Favourites only' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Network' })).toBeNull();
    await userEvent.click(toggle);
    expect(await screen.findByRole('combobox', { name: 'Network' })).toHaveTextContent('Instagram');
  });
});
