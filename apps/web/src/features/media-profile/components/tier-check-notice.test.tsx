import { makeMediaProfile } from '@comped/shared/factories/media-profile';
import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { MSG } from '@comped/shared/messages';
import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CampaignsRoute } from '../../../app/routes/campaigns';
import { writeSession } from '../../../lib/session';
import { renderPage, stubFetch } from '../../../testing/render';
import { OwnMediaProfile } from './own-media-profile';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

// Ann (user 5), approved at tier 1 for @annlee.eats.
const approved = makeSessionUser('influencer', { id: 5, profile: { tier_range: 1 } });
// The same account after changing the handle: the API cleared the tier until staff confirm one.
const inTierCheck = makeSessionUser('influencer', { id: 5, profile: { tier_range: null } });

/** The API as these pages read it: Ann's profile (tier from `session`), no campaigns for her. */
function api(session: typeof approved, onPut?: (body: unknown) => void) {
  let current = session;
  return stubFetch((url, method, body) => {
    if (url.includes('/influencers/5/campaigns')) return [200, makePage([])];
    if (url.endsWith('/influencers/5') && method === 'PUT') {
      onPut?.(body);
      current = makeSessionUser('influencer', { id: 5, profile: { tier_range: null } });
      return [
        200,
        { data: makeMediaProfile({ tier_range: null, socialnetworks: [{ name: 'instagram', handle: 'ann.new' }] }) },
      ];
    }
    if (url.endsWith('/influencers/5'))
      return [200, { data: makeMediaProfile({ tier_range: current.profile.tier_range }) }];
    if (url.endsWith('/profile')) return [200, { data: current }];
    return [404, { message: 'Not found.' }];
  });
}

describe('the tier check notice', () => {
  it('tells a media user in a tier check on /campaigns why no campaign shows', async () => {
    writeSession({ token: 't', user: inTierCheck });
    api(inTierCheck);
    renderPage(<CampaignsRoute />, '/campaigns');
    expect(await screen.findByText(MSG.tierCheckPending)).toBeInTheDocument();
    expect(await screen.findByText('No campaigns for you right now')).toBeInTheDocument();
  });

  it('is not shown to a media user with a tier', async () => {
    writeSession({ token: 't', user: approved });
    api(approved);
    renderPage(<CampaignsRoute />, '/campaigns');
    expect(await screen.findByText('No campaigns for you right now')).toBeInTheDocument();
    expect(screen.queryByText(MSG.tierCheckPending)).not.toBeInTheDocument();
  });

  it('shows on /profile too', async () => {
    writeSession({ token: 't', user: inTierCheck });
    api(inTierCheck);
    renderPage(<OwnMediaProfile />, '/profile');
    expect(await screen.findByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.getByText(MSG.tierCheckPending)).toBeInTheDocument();
  });

  it('after saving a new Instagram handle: says the handle is being reviewed, and keeps saying so', async () => {
    writeSession({ token: 't', user: approved });
    const sent: unknown[] = [];
    api(approved, (body) => sent.push(body));
    const user = userEvent.setup();
    renderPage(<OwnMediaProfile />, '/profile');
    const instagram = await screen.findByLabelText('Instagram');
    expect(screen.queryByText(MSG.tierCheckPending)).not.toBeInTheDocument();
    await user.clear(instagram);
    await user.type(instagram, 'ann.new');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // The snackbar says it at once; the page's notice follows the refreshed session.
    await waitFor(() => expect(screen.getAllByText(MSG.tierCheckPending)).toHaveLength(2));
    expect(screen.queryByText(MSG.profileUpdated)).not.toBeInTheDocument();
    expect(sent[0]).toMatchObject({ instagram: 'ann.new' });
  });
});
