import { makeLocation } from '@comped/shared/factories/location';
import { makeMember } from '@comped/shared/factories/member';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { MSG } from '@comped/shared/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import { renderPage, stubFetch } from '../../../testing/render';
import { JoinPage } from './join-page';
import { TeamPage } from './team-page';

const owner = makeSessionUser('brands');
const brandId = owner.profile.brands[0]!.id;
const location = makeLocation({ id: 11, name: 'Williamsburg' });
/** A host invited to location 11 who has not joined yet. */
const invited = makeMember({
  id: 4,
  name: null,
  email: 'host@example.test',
  role: 'host',
  location_ids: [11],
  status: 'invited',
});

beforeEach(() => writeSession({ token: 't', user: owner }));

/** "Invite a member", once the page has the members and the locations it needs (it is disabled until then). */
async function openInvite(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Invite a member' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}
afterEach(() => {
  // Unmounted first: the page would otherwise render once more without its user.
  cleanup();
  writeSession(null);
  vi.unstubAllGlobals();
});

describe('the team page', () => {
  it('lists members and invitations, and invites a host of a location', async () => {
    const members = [
      makeMember({ id: 1, name: 'Sam Rivera', role: 'host', location_ids: [11] }),
      makeMember({
        id: 2,
        name: null,
        email: 'new@example.test',
        role: 'manager',
        location_ids: [],
        status: 'invited',
      }),
    ];
    const calls = stubFetch((url, method) => {
      if (url.includes('/locations')) return [200, { data: [location] }];
      if (method === 'POST')
        return [201, { data: makeMember({ id: 3, email: 'host@example.test', status: 'invited' }) }];
      return [200, { data: members }];
    });
    renderPage(<TeamPage />, '/profile/team');
    expect(await screen.findByText('Sam Rivera')).toBeInTheDocument();
    expect(screen.getByText('Williamsburg')).toBeInTheDocument();
    expect(screen.getByText('new@example.test')).toBeInTheDocument();
    expect(screen.getByText('Invited')).toBeInTheDocument();

    const user = userEvent.setup();
    await openInvite(user);
    const dialog = screen.getByRole('dialog', { name: 'Invite a team member' });
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'host@example.test');
    // A single location is chosen for a host already.
    expect(within(dialog).getByRole('checkbox', { name: 'Williamsburg' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: expect.stringContaining(`/brands/${brandId}/members`),
      body: { email: 'host@example.test', role: 'host', location_ids: [11] },
    });
  });

  it('sends an invitation again with its role and locations', async () => {
    const calls = stubFetch((url, method) => {
      if (url.includes('/locations')) return [200, { data: [location] }];
      if (method === 'POST') return [201, { data: invited }];
      return [200, { data: [invited] }];
    });
    renderPage(<TeamPage />, '/profile/team');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend invitation to host@example.test' }));
    expect(await screen.findByText('The invitation was sent again to host@example.test.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'host@example.test',
      role: 'host',
      location_ids: [11],
    });
  });

  it('names a pending invitation before replacing it, and an address already on the team', async () => {
    const active = makeMember({ id: 5, name: 'Marco Bianchi', email: 'marco@example.test', status: 'active' });
    const calls = stubFetch((url, method) => {
      if (url.includes('/locations')) return [200, { data: [location] }];
      if (method === 'POST') return [201, { data: { ...invited, role: 'manager', location_ids: [] } }];
      return [200, { data: [active, invited] }];
    });
    renderPage(<TeamPage />, '/profile/team');
    const user = userEvent.setup();
    await openInvite(user);
    const dialog = screen.getByRole('dialog', { name: 'Invite a team member' });
    const field = within(dialog).getByRole('textbox', { name: /Email/ });
    await user.type(field, 'Marco@example.test');
    expect(
      within(dialog).getByText('Marco Bianchi is already on your team: change their role from the team page.'),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'host@example.test ');
    expect(
      within(dialog).getByText(
        'host@example.test already has an invitation as a host. Sending this one replaces it, and the earlier link stops working.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /^Manager/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send a new invitation' }));
    expect(await screen.findByText('A new invitation was sent to host@example.test.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'host@example.test',
      role: 'manager',
      location_ids: [],
    });
  });

  it("fills in a pending invitation's role and locations when its address is typed, until the owner picks", async () => {
    const uptown = makeLocation({ id: 12, name: 'Uptown' });
    const manager = makeMember({ id: 6, name: null, email: 'lea@example.test', role: 'manager', status: 'invited' });
    const host = { ...invited, location_ids: [12] };
    stubFetch((url) => {
      if (url.includes('/locations')) return [200, { data: [location, uptown] }];
      return [200, { data: [manager, host] }];
    });
    renderPage(<TeamPage />, '/profile/team');
    const user = userEvent.setup();
    await openInvite(user);
    const dialog = screen.getByRole('dialog', { name: 'Invite a team member' });
    const field = within(dialog).getByRole('textbox', { name: /Email/ });
    await user.type(field, 'lea@example.test');
    expect(within(dialog).getByRole('radio', { name: /^Manager/ })).toBeChecked();
    await user.clear(field);
    await user.type(field, 'host@example.test');
    expect(within(dialog).getByRole('radio', { name: /^Host/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Uptown' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Williamsburg' })).not.toBeChecked();
    // Once the owner chose, another address does not undo it.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Williamsburg' }));
    await user.clear(field);
    await user.type(field, 'lea@example.test');
    expect(within(dialog).getByRole('radio', { name: /^Host/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Williamsburg' })).toBeChecked();
  });

  it('shows the message of an e-mail that already has an account under the field', async () => {
    stubFetch((url, method) => {
      if (url.includes('/locations')) return [200, { data: [location] }];
      if (method === 'POST')
        return [422, { message: MSG.emailTaken, code: 'validation_failed', errors: { email: [MSG.emailTaken] } }];
      return [200, { data: [] }];
    });
    renderPage(<TeamPage />, '/profile/team');
    expect(await screen.findByText('No team members yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await openInvite(user);
    const dialog = screen.getByRole('dialog', { name: 'Invite a team member' });
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'taken@example.test');
    await user.click(within(dialog).getByRole('radio', { name: /^Manager/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(MSG.emailTaken)).toBeInTheDocument();
  });
});

const invitation = {
  data: {
    brand: { name: 'Blue Door' },
    role: 'host',
    email: 'sam@example.test',
    expires_at: '2030-01-08T00:00:00.000Z',
  },
};
const expired = {
  message: MSG.invitationExpired,
  code: 'invitation_invalid',
  errors: { token: [MSG.invitationExpired] },
};

describe('the join page', () => {
  it('says which brand invites, as what, and the e-mail to sign in with; a link used meanwhile is told at Join', async () => {
    writeSession(null);
    const calls = stubFetch((url) => (url.endsWith('/members/invitation') ? [200, invitation] : [422, expired]));
    renderPage(<JoinPage />, '/join', '/join?token=abc');
    expect(await screen.findByText(/invites you as a host: you will answer and check in/)).toHaveTextContent(
      'Blue Door invites you as a host',
    );
    expect(screen.getByText('sam@example.test')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', body: { token: 'abc' } });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Sam');
    await user.type(screen.getByLabelText(/^Password/), 'door-password');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invitationExpired);
  });

  it('tells an expired link plainly, before anything is typed', async () => {
    writeSession(null);
    stubFetch(() => [422, expired]);
    renderPage(<JoinPage />, '/join', '/join?token=abc');
    expect(await screen.findByText(MSG.invitationExpired)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Your name/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('tells someone signed in that the invitation makes a new account, and signs them out to join', async () => {
    renderPage(<JoinPage />, '/join', '/join?token=abc');
    expect(screen.getByText(new RegExp(`signed in as ${owner.name}`))).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Your name/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stay signed in' })).toHaveAttribute('href', '/campaigns');
    stubFetch((url) => (url.endsWith('/members/invitation') ? [200, invitation] : [204, null]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out and join' }));
    expect(await screen.findByRole('textbox', { name: /Your name/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join' })).toBeEnabled();
  });
});
