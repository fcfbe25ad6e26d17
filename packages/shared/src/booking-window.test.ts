import { describe, expect, it } from 'vitest';

import {
  bookingDateBounds,
  bookingsClosedSince,
  lastVisitDayBeforeOffer,
  visitsEndBeforeOffer,
} from './booking-window';
import { makeCampaign } from './factories/campaign';
import { bookingsClosedMessage } from './messages';

const none = { launch_date: null, opening_date: null, event_date: null, end_date: null };

describe('the days a campaign takes visits on (spec section 5)', () => {
  it('runs from the launch or opening date to the end date, else to the day after', () => {
    expect(bookingDateBounds({ ...none, category_id: 4, launch_date: '2026-06-30', end_date: '2026-08-01' })).toEqual({
      min: '2026-06-30',
      max: '2026-08-01',
    });
    expect(bookingDateBounds({ ...none, category_id: 4, launch_date: '2026-06-30', expires_on: '2026-07-30' })).toEqual(
      { min: '2026-06-30', max: '2026-07-01' },
    );
    expect(bookingDateBounds({ ...none, category_id: 5, opening_date: '2026-12-31' })).toEqual({
      min: '2026-12-31',
      max: '2027-01-01',
    });
  });

  it('takes a single-day event on its day, and an older campaign without dates until its expiry', () => {
    expect(bookingDateBounds({ ...none, category_id: 6, event_date: '2026-06-05' })).toEqual({
      min: '2026-06-05',
      max: '2026-06-05',
    });
    expect(bookingDateBounds({ ...none, category_id: 1, expires_on: '2026-07-30' })).toEqual({
      min: null,
      max: '2026-07-30',
    });
    expect(bookingDateBounds({ ...none, category_id: 1 })).toEqual({ min: null, max: null });
  });

  it('is closed only once its last day has passed', () => {
    const launch = { ...none, category_id: 4, launch_date: '2026-06-30' };
    expect(bookingsClosedSince(launch, '2026-07-01')).toBeNull();
    expect(bookingsClosedSince(launch, '2026-07-02')).toBe('2026-07-01');
    expect(bookingsClosedSince({ ...none, category_id: 1 }, '2030-01-01')).toBeNull();
    expect(bookingsClosedMessage('2026-07-01')).toBe('Visits to this campaign could be booked until Wed, Jul 1, 2026.');
  });

  it('names the last day of visits only when it comes before the offer ends', () => {
    const expires_on = '2026-07-30';
    expect(visitsEndBeforeOffer({ ...none, category_id: 4, launch_date: '2026-06-30', expires_on })).toBe('2026-07-01');
    expect(visitsEndBeforeOffer({ ...none, category_id: 5, opening_date: '2026-06-30', expires_on })).toBe(
      '2026-07-01',
    );
    expect(
      visitsEndBeforeOffer({ ...none, category_id: 4, launch_date: '2026-06-30', end_date: '2026-07-20', expires_on }),
    ).toBeNull();
    expect(visitsEndBeforeOffer({ ...none, category_id: 6, event_date: '2026-06-30', expires_on })).toBeNull();
    expect(visitsEndBeforeOffer({ ...none, category_id: 1, expires_on })).toBeNull();
  });

  it('gives none for a campaign that takes no visits (information only)', () => {
    const launch = makeCampaign({
      attributes: { ...makeCampaign().attributes, launch_date: '2026-06-30', end_date: null },
    });
    expect(lastVisitDayBeforeOffer(launch)).toBe('2026-07-01');
    const booking = { ...launch.type.booking!, information_only: true };
    expect(lastVisitDayBeforeOffer({ ...launch, type: { ...launch.type, booking } })).toBeNull();
  });
});
