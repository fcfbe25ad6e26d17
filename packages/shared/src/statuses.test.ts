import { describe, expect, it } from 'vitest';

import { makeBooking } from './factories/booking';
import { bookingStatusLabel } from './statuses';

describe('bookingStatusLabel', () => {
  it('reads "Expired" for a request declined because its visit time passed unanswered', () => {
    expect(bookingStatusLabel(makeBooking({ status: 'declined', decline_reason: 'expired' }))).toBe('Expired');
  });

  it('reads the status label otherwise', () => {
    expect(bookingStatusLabel(makeBooking({ status: 'declined' }))).toBe('Declined');
    expect(bookingStatusLabel(makeBooking({ status: 'finished' }))).toBe('Completed');
  });
});
