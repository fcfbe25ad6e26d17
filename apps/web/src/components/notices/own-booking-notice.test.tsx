import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';

import { TestRouter } from '../../testing/test-router';
import { OwnBookingNotice } from './own-booking-notice';

function show(status: 'pending' | 'accepted' | 'finished') {
  render(
    <TestRouter>
      <OwnBookingNotice booking={{ id: 41, status, booking_date: '2026-12-05', booking_time: '19:30' }} />
    </TestRouter>,
  );
  return screen.getByRole('status');
}

describe('OwnBookingNotice', () => {
  it('sends a pending request to the pending list', () => {
    const notice = show('pending');
    expect(notice).toHaveTextContent(
      'You requested a visit on Sat, Dec 5, 2026 at 7:30 PM; the brand has not answered yet.',
    );
    expect(screen.getByRole('link', { name: 'See your request' })).toHaveAttribute('href', '/bookings');
  });

  it('sends an accepted visit to its pass', () => {
    expect(show('accepted')).toHaveTextContent('You are booked for Sat, Dec 5, 2026 at 7:30 PM.');
    expect(screen.getByRole('link', { name: 'Visit pass' })).toHaveAttribute('href', '/bookings/41/pass');
  });

  it('sends a finished visit to the past list', () => {
    expect(show('finished')).toHaveTextContent('You visited on Sat, Dec 5, 2026.');
    expect(screen.getByRole('link', { name: 'See your booking' })).toHaveAttribute('href', '/bookings/past');
  });
});
