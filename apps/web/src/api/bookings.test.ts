import { makeBooking } from '@comped/shared/factories/booking';
import { makePage } from '@comped/shared/factories/page';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ResponseShapeError } from '../lib/api-client';
import { stubAnswers } from '../testing/fetch';
import { getBookingsPage } from './bookings';

afterEach(() => vi.unstubAllGlobals());

describe('getBookingsPage', () => {
  it('reads the brand side and the media side of a page of bookings', async () => {
    const page = makePage([makeBooking(), makeBooking({ id: 10, status: 'pending', check_in_code: null })]);
    const fetch = stubAnswers([200, page]);
    await expect(getBookingsPage('brand', 3, { 'page[number]': 1 })).resolves.toEqual(page);
    await expect(getBookingsPage('media', 5, { 'page[number]': 1 })).resolves.toEqual(page);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([
      '/api/v1/brands/3/bookings?page%5Bnumber%5D=1',
      '/api/v1/influencers/5/bookings?page%5Bnumber%5D=1',
    ]);
  });

  it('refuses a booking with a status the contract does not know', async () => {
    stubAnswers([200, makePage([{ ...makeBooking(), status: 'confirmed' }])]);
    await expect(getBookingsPage('brand', 3, {})).rejects.toMatchObject({
      constructor: ResponseShapeError,
      issues: [{ path: 'response.data.0.status' }],
    });
  });
});
