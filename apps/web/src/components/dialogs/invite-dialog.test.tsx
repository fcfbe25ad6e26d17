import { makeCampaign } from '@comped/shared/factories/campaign';
import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../lib/session';
import { renderPage, stubFetch } from '../../testing/render';
import { InviteDialog } from './invite-dialog';

/** Taking visits until the end of 2030. */
const open = {
  attributes: { ...makeCampaign().attributes, launch_date: '2030-06-01', end_date: '2030-12-31' },
  expires_on: '2030-12-31',
};
const forInfluencers = makeCampaign({
  ...open,
  id: 1,
  name: 'Spring menu',
  status: 'approved',
  target: ['influencer'],
});
const forEveryone = makeCampaign({
  ...open,
  id: 2,
  name: 'Truffle night',
  status: 'approved',
  target: ['influencer', 'journalist'],
});

beforeEach(() => writeSession({ token: 't', user: makeSessionUser('brands') }));
afterEach(() => vi.unstubAllGlobals());

describe('InviteDialog', () => {
  it('offers only the approved campaigns open to the creator’s media type', async () => {
    stubFetch(() => [200, makePage([forInfluencers, forEveryone])]);
    renderPage(
      <InviteDialog open onClose={() => undefined} creator={{ id: 9, name: 'Jo Writer', type: 'journalist' }} />,
      '/creators',
    );
    const select = await screen.findByRole('combobox', { name: /Campaign/ });
    // Disabled until the campaigns are in.
    await waitFor(() => expect(select).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Truffle night']);
  });

  it('says so when none of them is open to that media type', async () => {
    stubFetch(() => [200, makePage([forInfluencers])]);
    renderPage(
      <InviteDialog open onClose={() => undefined} creator={{ id: 9, name: 'Jo Writer', type: 'journalist' }} />,
      '/creators',
    );
    expect(await screen.findByText('None of your approved campaigns is open to journalists.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Campaign/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('leaves out a launch whose two days of visits have passed, and says so when that is all there is', async () => {
    const launched = makeCampaign({
      id: 3,
      name: 'Launch weekend',
      status: 'approved',
      target: ['influencer', 'journalist'],
      attributes: { ...makeCampaign().attributes, launch_date: '2020-03-02', end_date: null },
      expires_on: '2031-01-01',
    });
    stubFetch(() => [200, makePage([launched])]);
    renderPage(
      <InviteDialog open onClose={() => undefined} creator={{ id: 9, name: 'Jo Writer', type: 'journalist' }} />,
      '/creators',
    );
    expect(await screen.findByText('None of your approved campaigns takes visits anymore.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Campaign/ })).toHaveAttribute('aria-disabled', 'true');
  });
});
