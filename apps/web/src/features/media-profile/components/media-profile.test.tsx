import { makeMediaProfile } from '@comped/shared/factories/media-profile';
import { MSG } from '@comped/shared/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SnackbarProvider } from '../../../lib/snackbar';
import { SessionProvider } from '../../../lib/use-session';
import { TestRouter } from '../../../testing/test-router';
import { MediaProfileForm } from './media-profile-form';
import { ProfileCard } from './profile-card';

const journalist = makeMediaProfile({
  id: 4,
  name: 'Jo Reporter',
  email: 'jo@example.test',
  type: 'journalist',
  tier_range: 2,
  bio: 'Food writer',
  location: 'Queens',
  workplace: 'The Daily Plate',
  socialnetworks: [
    { name: 'instagram', handle: 'jo.eats' },
    { name: 'tiktok', handle: 'jo_tt' },
  ],
  press_places: ['https://news.example/one'],
});

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <TestRouter>
      <QueryClientProvider client={client}>
        <SessionProvider>
          <SnackbarProvider>{children}</SnackbarProvider>
        </SessionProvider>
      </QueryClientProvider>
    </TestRouter>
  );
}

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProfileCard', () => {
  it('shows type, tier, city, bio and the handles as links', () => {
    render(wrap(<ProfileCard profile={journalist} />));
    expect(screen.getByRole('heading', { name: 'Jo Reporter' })).toBeInTheDocument();
    expect(screen.getByText('Journalist')).toBeInTheDocument();
    expect(screen.getByText('Tier 2')).toBeInTheDocument();
    expect(screen.getByText('Queens')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Instagram: @jo.eats' })).toHaveAttribute(
      'href',
      'https://instagram.com/jo.eats',
    );
    expect(screen.getByRole('link', { name: 'TikTok: @jo_tt' })).toHaveAttribute('href', 'https://tiktok.com/@jo_tt');
    expect(screen.queryByRole('link', { name: /Twitter/ })).not.toBeInTheDocument();
  });
});

describe('MediaProfileForm', () => {
  it('enforces the limits and the journalist affiliation before sending', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(wrap(<MediaProfileForm profile={journalist} />));
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('maxlength', '50');
    expect(screen.getByLabelText('Bio')).toHaveAttribute('maxlength', '250');
    expect(screen.getByLabelText('City')).toHaveAttribute('maxlength', '15');
    expect(screen.getByLabelText(/^Working at/)).toHaveAttribute('maxlength', '250');
    await user.clear(screen.getByLabelText(/^Name/));
    await user.clear(screen.getByLabelText(/^Working at/));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves, shows "Profile updated!" and puts server errors under the fields', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(422, {
          message: 'Too long',
          errors: { location: ['This field may not be greater than 15 characters.'] },
        }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { data: makeMediaProfile({ ...journalist, name: 'Jo B' }) }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(wrap(<MediaProfileForm profile={journalist} />));
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Jo B');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This field may not be greater than 15 characters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.profileUpdated)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/v1/influencers/4');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toMatchObject({
      name: 'Jo B',
      workplace: 'The Daily Plate',
      instagram: 'jo.eats',
      press_places: ['https://news.example/one'],
    });
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Jo B'));
  });
});
