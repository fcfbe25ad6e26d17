import { makeBooking } from '@comped/shared/factories/booking';
import { makeMediaUserSummary } from '@comped/shared/factories/media-user-summary';
import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
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
    }),
    makeBooking({
      id: 2,
      booking_date: today,
      booking_time: '20:00',
      influencer: makeMediaUserSummary({ id: 22, name: 'Alex Chen' }),
      attendance: 'not_confirmed',
    }),
  ];
  stubFetch(() => [200, makePage(visits, { per_page: 100 })]);
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
});
