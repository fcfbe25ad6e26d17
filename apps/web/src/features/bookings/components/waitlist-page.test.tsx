import { makeSessionUser } from '@comped/shared/factories/session-user';
import type { WaitlistEntryResource } from '@comped/shared/schemas/slots';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import type { FakeCall } from '../../../testing/render';
import { renderPage, stubFetch } from '../../../testing/render';
import { WaitlistPage } from './waitlist-page';

const me = makeSessionUser('influencer', { id: 5, name: 'Ann' });
// Asked for a Friday; the hold ends at 13:43 UTC, 8:43 AM in New York.
const offered: WaitlistEntryResource = {
  id: 3,
  campaign: { id: 7, name: 'Chef table' },
  location_id: 2,
  date: '2026-12-04',
  status: 'offered',
  hold_until: '2026-11-29T13:43:00.000Z',
  time_zone: 'America/New_York',
};
let calls: FakeCall[] = [];
beforeEach(() => {
  writeSession({ token: 'tok', user: me });
  calls = stubFetch((url, method) => {
    if (method === 'DELETE') return [204, null];
    if (url === '/api/v1/influencers/5/waitlist') return [200, { data: [offered] }];
    return [404, { message: 'Not found.', code: 'not_found' }];
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the waitlist', () => {
  it("names an entry's week by its Monday and the hold's end at the venue, as the offer's mail does", async () => {
    renderPage(<WaitlistPage />, '/waitlist');
    const entry = await screen.findByRole('article', { name: 'Chef table, week of Mon, Nov 30, 2026' });
    expect(within(entry).getByText('Week of Mon, Nov 30, 2026')).toBeInTheDocument();
    expect(within(entry).getByTestId('hold-until')).toHaveTextContent(
      'Held for you until Sun, Nov 29, 2026, 8:43 AM (time at the venue): request your visit now.',
    );
  });

  it('asks before giving up a held place, and keeps it on Stay', async () => {
    renderPage(<WaitlistPage />, '/waitlist');
    await userEvent.click(await screen.findByRole('button', { name: 'Leave the waitlist of Chef table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give up the place held for you?' });
    expect(dialog).toHaveTextContent('goes to the next person waiting');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Leave the waitlist of Chef table' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Give up the place held for you?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('You left the waitlist.')).toBeInTheDocument();
  });
});
