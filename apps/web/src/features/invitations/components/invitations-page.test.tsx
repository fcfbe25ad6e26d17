import { makeSessionUser } from '@comped/shared/factories/session-user';
import type { InvitationResource } from '@comped/shared/schemas/directory';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import type { FakeCall } from '../../../testing/render';
import { renderPage, stubFetch } from '../../../testing/render';
import { InvitationsPage } from './invitations-page';

const media = makeSessionUser('influencer', { id: 7, name: 'Sam Media' });
const invitation = (over: Partial<InvitationResource> = {}): InvitationResource => ({
  id: 11,
  campaign: { id: 5, name: 'Garden tasting' },
  brand: { id: 3, name: 'Fig Tree', logo: null },
  note: 'Come see the garden!',
  status: 'open',
  created_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

let handler: (url: string, method: string, body: unknown) => [number, unknown];
let calls: FakeCall[] = [];
beforeEach(() => {
  writeSession({ token: 't', user: media });
  calls = stubFetch((url, method, body) => handler(url, method, body));
});
afterEach(() => vi.unstubAllGlobals());

describe('InvitationsPage', () => {
  it('shows each invitation with its brand, note and status, and declines an open one', async () => {
    let declined = false;
    handler = (url, method) => {
      if (method === 'PUT') {
        declined = true;
        return [200, { data: invitation({ status: 'declined' }) }];
      }
      return [
        200,
        {
          data: [
            invitation(declined ? { status: 'declined' } : {}),
            invitation({ id: 12, campaign: { id: 6, name: 'Brunch' }, status: 'booked', note: null }),
          ],
        },
      ];
    };
    renderPage(<InvitationsPage />, '/invitations');
    const open = await screen.findByRole('article', { name: 'Garden tasting' });
    expect(open).toHaveTextContent('Invited by Fig Tree');
    expect(open).toHaveTextContent('Come see the garden!');
    expect(within(open).getByRole('link', { name: 'View campaign' })).toHaveAttribute('href', '/campaigns/5');
    const booked = screen.getByRole('article', { name: 'Brunch' });
    expect(booked).toHaveTextContent('Booked');
    expect(within(booked).queryByRole('button', { name: /Decline/ })).toBeNull();

    await userEvent.click(within(open).getByRole('button', { name: 'Decline the invitation to Garden tasting' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Garden tasting' })).toHaveTextContent('Declined'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toContain('/influencers/7/invitations/11');
    expect(put?.body).toEqual({ status: 'declined' });
  });

  it('says so when there is none', async () => {
    handler = () => [200, { data: [] }];
    renderPage(<InvitationsPage />, '/invitations');
    expect(await screen.findByText('No invitations yet')).toBeInTheDocument();
  });
});
