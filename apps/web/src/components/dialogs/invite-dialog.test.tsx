import { makeCampaign } from '@comped/shared/factories/campaign';
import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../lib/session';
import { renderPage, stubFetch } from '../../testing/render';
import { InviteDialog } from './invite-dialog';

const forInfluencers = makeCampaign({ id: 1, name: 'Spring menu', status: 'approved', target: ['influencer'] });
const forEveryone = makeCampaign({
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
    await userEvent.click(await screen.findByRole('combobox', { name: /Campaign/ }));
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
});
