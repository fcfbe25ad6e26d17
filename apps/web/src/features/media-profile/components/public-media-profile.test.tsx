import { makeErrorBody } from '@comped/shared/factories/error-body';
import { makeMediaProfile } from '@comped/shared/factories/media-profile';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import type { SessionUser } from '@comped/shared/schemas/session';
import { cleanup, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import { stubAnswers } from '../../../testing/fetch';
import { renderPage } from '../../../testing/render';
import { PublicMediaProfile } from './public-media-profile';

const ivy = makeMediaProfile({ id: 21, name: 'Ivy Walker', type: 'influencer' });

function open(viewer: SessionUser, id = ivy.id) {
  writeSession({ token: 't', user: viewer });
  return renderPage(<PublicMediaProfile id={id} />, '/profile/:id', `/profile/${id}`);
}

afterEach(() => {
  // Unmounted first: the page would otherwise render once more without its user.
  cleanup();
  writeSession(null);
  vi.unstubAllGlobals();
});

describe('/profile/{id}', () => {
  it('shows a brand with a plan the profile of someone who booked with it', async () => {
    const fetch = stubAnswers([200, { data: ivy }]);
    open(makeSessionUser('brands'));
    expect(await screen.findByRole('heading', { name: 'Ivy Walker' })).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/v1/influencers/21']);
  });

  it('tells another media user the profile is not available, without asking the API', async () => {
    const fetch = stubAnswers(makeErrorBody('forbidden', 'This action is unauthorized.'));
    open(makeSessionUser('journalist', { id: 8 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Profile not available' })).toBeInTheDocument();
    expect(screen.getByText(/shown to the brands a person has booked with/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to campaigns' })).toHaveAttribute('href', '/campaigns');
    expect(document.title).toBe('Profile not available · Comped');
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tells a brand without a plan, and offers the plans, without asking the API', async () => {
    const fetch = stubAnswers(makeErrorBody('forbidden', 'This action is unauthorized.'));
    open(makeSessionUser('brands', { current_subscription: null, status: 'inexistent' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Profile not available' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/plans');
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows a media user their own, and a brand that never booked this person the same page after the API's 403", async () => {
    stubAnswers([200, { data: ivy }]);
    const { unmount } = open(makeSessionUser('influencer', { id: 21 }));
    expect(await screen.findByRole('heading', { name: 'Ivy Walker' })).toBeInTheDocument();
    unmount();
    stubAnswers(makeErrorBody('forbidden', 'This action is unauthorized.'));
    open(makeSessionUser('brands'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not available' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bookings' })).toHaveAttribute('href', '/bookings');
  });
});
