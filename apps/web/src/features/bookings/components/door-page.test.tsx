import { makeBooking } from '@comped/shared/factories/booking';
import { makeMediaUserSummary } from '@comped/shared/factories/media-user-summary';
import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import type { FakeCall } from '../../../testing/render';
import { renderPage, stubFetch } from '../../../testing/render';
import { DoorPage } from './door-page';

function todayInNewYork(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

let calls: FakeCall[] = [];

beforeEach(() => {
  writeSession({ token: 'tok', user: makeSessionUser('brands') });
  const today = todayInNewYork();
  const visits = [
    makeBooking({
      id: 1,
      booking_date: today,
      booking_time: '19:00',
      influencer: makeMediaUserSummary({ id: 21, name: 'Jamie Rivera' }),
      attendance: 'confirmed',
      // Its check-in opened in the past: nothing to wait for.
      check_in_opens_at: new Date(Date.now() - 60_000).toISOString(),
    }),
    makeBooking({
      id: 2,
      booking_date: today,
      booking_time: '20:00',
      influencer: makeMediaUserSummary({ id: 22, name: 'Alex Chen' }),
      attendance: 'not_confirmed',
      // Tonight at 8 in New York: its check-in opens two hours before, at 6.
      check_in_opens_at: new Date(Date.now() + 3_600_000).toISOString(),
    }),
    makeBooking({
      id: 3,
      booking_date: today,
      booking_time: '12:00',
      influencer: makeMediaUserSummary({ id: 23, name: 'Vera Guest' }),
      checked_in_at: new Date().toISOString(),
      decided_by: { name: 'Sam Rivera' },
    }),
    makeBooking({
      id: 4,
      booking_date: today,
      booking_time: '08:00',
      influencer: makeMediaUserSummary({ id: 24, name: 'Noah Park' }),
      check_in_opens_at: new Date(Date.now() - 5 * 3_600_000).toISOString(),
      can_mark_no_show: true,
    }),
  ];
  calls = stubFetch((_url, method) =>
    method === 'PUT'
      ? [200, { data: { ...visits[3]!, status: 'no_show' } }]
      : [200, makePage(visits, { per_page: 100 })],
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the door', () => {
  it("shows beside each of today's guests whether they confirmed they are coming", async () => {
    renderPage(<DoorPage />, '/door');
    const today = await screen.findByRole('region', { name: /^Today/ });
    const [jamie, alex] = within(today).getAllByRole('listitem');
    expect(jamie).toHaveTextContent('Jamie Rivera');
    expect(within(jamie!).getByText('Confirmed')).toBeInTheDocument();
    expect(alex).toHaveTextContent('Alex Chen');
    expect(within(alex!).getByText('Not confirmed')).toBeInTheDocument();
  });

  it('says when a check-in opens, and who checked a guest in', async () => {
    renderPage(<DoorPage />, '/door');
    const today = await screen.findByRole('region', { name: /^Today/ });
    const [jamie, alex, vera] = within(today).getAllByRole('listitem');
    expect(jamie).not.toHaveTextContent('Check-in opens');
    expect(alex).toHaveTextContent(/Check-in opens at \d{1,2}:\d{2} [AP]M/);
    expect(vera).toHaveTextContent('Checked in by Sam Rivera');
    expect(vera).not.toHaveTextContent('Accepted by');
  });

  it('marks a guest nobody checked in for as a no-show, after asking, two hours past the visit', async () => {
    renderPage(<DoorPage />, '/door');
    const today = await screen.findByRole('region', { name: /^Today/ });
    const noah = within(today)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes('Noah Park'))!;
    const jamie = within(today)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes('Jamie Rivera'))!;
    expect(within(jamie).queryByRole('button', { name: /Mark as no-show/ })).not.toBeInTheDocument();
    expect(within(noah).getByRole('button', { name: /^Check in Noah Park/ })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(noah).getByRole('button', { name: /^Mark as no-show: Noah Park/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as no-show?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as no-show' }));
    expect(await screen.findByText('Marked as a no-show.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: expect.stringMatching(/\/bookings\/4$/),
      body: { status: 'no_show' },
    });
  });
});
