import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import type { CreatorResource } from '@comped/shared/schemas/directory';
import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import type { FakeCall } from '../../../testing/render';
import { renderPage, stubFetch } from '../../../testing/render';
import { CreatorsPage } from './creators-page';

const creator = (id: number): CreatorResource => ({
  id,
  name: `Creator ${id}`,
  type: 'influencer',
  tier: 2,
  location: 'New York 10001',
  profile_picture: null,
  socialnetworks: [],
  reliability: { score: 90, visits: 3 },
  visits_with_brand: 0,
});

let handler: (url: string) => [number, unknown];
let calls: FakeCall[] = [];
beforeEach(() => {
  writeSession({ token: 't', user: makeSessionUser('brands') });
  calls = stubFetch((url) => handler(url));
});
afterEach(() => vi.unstubAllGlobals());

/** A phone's screen: MUI's `down('sm')` query matches, as a browser 390 pixels wide answers it. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('CreatorsPage', () => {
  it('asks for the next page with the cursor of the last creator shown (page[cursor]), filters kept', async () => {
    const first = Array.from({ length: 20 }, (_, i) => creator(100 - i));
    handler = (url) =>
      decodeURIComponent(url).includes('page[number]=2')
        ? [200, makePage([creator(7)], { current_page: 2, per_page: 20, total: 21 })]
        : [200, makePage(first, { per_page: 20, total: 21 })];
    renderPage(<CreatorsPage />, '/creators', '/creators?sort=visits&tier=2');
    await screen.findByRole('article', { name: 'Creator 81' });
    expect(decodeURIComponent(calls[0]!.url)).not.toContain('page[cursor]');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Creator 7' })).toBeInTheDocument();
    const next = decodeURIComponent(calls.at(-1)!.url);
    expect(next).toContain('page[number]=2');
    expect(next).toContain('page[cursor]=81');
    expect(next).toContain('sort=visits');
    expect(next).toContain('filter[tier]=2');
  });

  it('says under Near ZIP that a ZIP is unknown or short, with no Try again that cannot help', async () => {
    handler = (url) =>
      decodeURIComponent(url).includes('filter[near]=99999')
        ? [
            422,
            {
              message: "We don't know this ZIP code.",
              code: 'validation_failed',
              errors: { 'filter[near]': ["We don't know this ZIP code."] },
            },
          ]
        : [200, makePage([creator(1)], { per_page: 20, total: 1 })];
    renderPage(<CreatorsPage />, '/creators', '/creators?near=99999');
    const zip = await screen.findByRole('textbox', { name: 'Near ZIP' });
    expect(await screen.findByText("We don't know this ZIP code.")).toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.clear(zip);
    await userEvent.type(zip, '12');
    expect(screen.getByText('Enter a 5-digit US ZIP code.')).toBeInTheDocument();
  });

  it('on a phone, starts the list under the name search and a Filters button that counts the ones set', async () => {
    onPhone();
    handler = () => [200, makePage([creator(1)], { per_page: 20, total: 1 })];
    renderPage(<CreatorsPage />, '/creators', '/creators?sort=visits&tier=2');
    await screen.findByRole('article', { name: 'Creator 1' });
    expect(screen.getByRole('textbox', { name: 'Name or handle' })).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Tier' })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('combobox', { name: 'Tier' })).toHaveTextContent('Tier 2');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Visits');
  });

  it('on a phone, unfolds the filters by itself when Near ZIP has an error to show', async () => {
    onPhone();
    handler = () => [
      422,
      {
        message: "We don't know this ZIP code.",
        code: 'validation_failed',
        errors: { 'filter[near]': ["We don't know this ZIP code."] },
      },
    ];
    renderPage(<CreatorsPage />, '/creators', '/creators?near=99999');
    expect(await screen.findByText("We don't know this ZIP code.")).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Near ZIP' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
  });
});
