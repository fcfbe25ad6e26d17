import { makeBooking } from '@comped/shared/factories/booking';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { startEarlyGet } from '../../../boot/early-request';
import { apiUrl, loadAnswerSchemas } from '../../../lib/api-client';
import { writeSession } from '../../../lib/session';
import type { FakeCall } from '../../../testing/render';
import { stubFetch } from '../../../testing/render';
import { renderWithApp } from '../testing/render-booking';
import { compTermsOf } from './comp-terms';
import { VisitPassPage } from './visit-pass';

const me = makeSessionUser('influencer', { id: 5, name: 'Ann' });
let calls: FakeCall[] = [];
let answer: [number, unknown] = [200, {}];

beforeEach(() => {
  writeSession({ token: 'tok', user: me });
  calls = stubFetch(() => answer);
});
afterEach(() => vi.unstubAllGlobals());

function withTip(tip: string | null): BookingResource {
  const b = makeBooking();
  return { ...b, campaign: { ...b.campaign, type: { booking: { compensation: 50, tip } } } };
}

describe('the visit pass', () => {
  it('renders the pass in its first pass when the early answer is in, and keeps it for offline', async () => {
    answer = [200, { data: withTip(null) }];
    const kept: string[] = [];
    vi.stubGlobal('caches', {
      open: async () => ({
        put: async (key: string) => {
          kept.push(key);
        },
      }),
    });
    // As boot/early-reads.ts asks while the code downloads: the answer is in before the page renders.
    await loadAnswerSchemas();
    await startEarlyGet(apiUrl('influencers/5/bookings/9'), 'tok');
    await Promise.resolve();
    // Any later request stays unanswered: what is kept comes from the early answer.
    calls = stubFetch(() => new Promise(() => undefined));
    renderWithApp(<VisitPassPage bookingId={9} />, '/bookings/9/pass');
    // No waiting: the pass is there as the page first renders.
    const pass = screen.getByRole('article', { name: 'Bistro Uno' });
    expect(within(pass).getByTestId('check-in-code')).toHaveTextContent('K7F3XA');
    await vi.waitFor(() =>
      expect(kept).toEqual([expect.stringMatching(/^\/__offline__\/[0-9a-f]{32}\/influencers\/5\/bookings\/9$/)]),
    );
  });

  it('shows the venue, address, date and time at the venue, guests, what is included, and the code with its QR', async () => {
    answer = [200, { data: withTip('Ask for Sam at the bar.') }];
    renderWithApp(<VisitPassPage bookingId={9} />, '/bookings/9/pass');
    const pass = await screen.findByRole('article', { name: 'Bistro Uno' });
    expect(calls[0]!.url).toBe('/api/v1/influencers/5/bookings/9');
    expect(within(pass).getByText('Downtown')).toBeInTheDocument();
    expect(within(pass).getByText('12 Harbor St, New York, NY')).toBeInTheDocument();
    expect(within(pass).getByText('Friday, June 12, 2026')).toBeInTheDocument();
    expect(within(pass).getByText('7:30 PM')).toBeInTheDocument();
    expect(within(pass).getByText('Local time at the venue')).toBeInTheDocument();
    expect(within(pass).getByText('2 guests')).toBeInTheDocument();
    expect(within(pass).getByText('$50')).toBeInTheDocument();
    expect(within(pass).getByText('Ask for Sam at the bar.')).toBeInTheDocument();
    expect(within(pass).getByTestId('check-in-code')).toHaveTextContent('K7F3XA');
    expect(await within(pass).findByRole('img', { name: 'QR code of check-in code K7F3XA' })).toBeInTheDocument();
  });

  it('shows no code before the brand accepts, and says why', async () => {
    answer = [
      200,
      {
        data: makeBooking({
          status: 'pending',
          check_in_code: null,
          check_in_opens_at: null,
          check_in_closes_at: null,
        }),
      },
    ];
    renderWithApp(<VisitPassPage bookingId={9} />, '/bookings/9/pass');
    expect(await screen.findByText(/your check-in code appears here once they accept/)).toBeInTheDocument();
    expect(screen.queryByTestId('check-in-code')).toBeNull();
  });

  it('says the booking was not found for a 404', async () => {
    answer = [404, { message: 'Not found.', code: 'not_found' }];
    renderWithApp(<VisitPassPage bookingId={9} />, '/bookings/9/pass');
    expect(await screen.findByText('This booking was not found.')).toBeInTheDocument();
  });
});

describe('what the comp includes', () => {
  it('lists the compensation and the tip, and nothing for a campaign without them', () => {
    expect(compTermsOf(withTip('  Ask for Sam  '))).toEqual({
      includes: [],
      value: { label: 'Compensation', amount: '$50' },
      guests: null,
      tip: 'Ask for Sam',
    });
    const none = makeBooking();
    expect(compTermsOf({ ...none, campaign: { ...none.campaign, type: { booking: null } } })).toEqual({
      includes: [],
      value: null,
      guests: null,
      tip: null,
    });
  });
});
