import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { BOOKING_TEXT } from '@comped/shared/validation/booking';
import { RateVisitDialog } from './rate-visit-dialog';
import { mockFetch, renderWithApp } from './test-utils';

const booking = {
  id: 9,
  status: 'accepted',
  booking_date: '2026-06-03',
  booking_time: '10:00',
  guests: 1,
  campaign_id: 7,
  location_id: 11,
  review: null,
  rate: null,
  influencer: {
    id: 5,
    name: 'Ann',
    profile_picture: null,
    type: 'influencer',
    tier_range: 1,
    bio: null,
    location: null,
    workplace: null,
    socialnetworks: [],
  },
  campaign: {
    id: 7,
    name: 'Summer menu',
    category_id: 4,
    brand: { id: 3, name: 'Bistro Uno', logo: null, brandType: null },
    type: { booking: { compensation: 50 } },
  },
  location: { id: 11, name: 'Downtown', address: '12 Harbor St', time_zone: 'America/New_York' },
  task: null,
  can_rate: true,
  created_at: '2026-06-01T00:00:00Z',
} satisfies BookingResource;

afterEach(() => vi.unstubAllGlobals());

describe('RateVisitDialog', () => {
  it('sends the rating and the optional review', async () => {
    const fetch = mockFetch(() => ({ status: 200, body: { data: { ...booking, status: 'finished', rate: 4 } } }));
    const onClose = vi.fn();
    renderWithApp(<RateVisitDialog booking={booking} open onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Rate Visit' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(screen.getByRole('alert')).toHaveTextContent(BOOKING_TEXT.rateRange);
    expect(fetch).not.toHaveBeenCalled();
    // The stars follow the pointer; a plain click on the radio picks the value (as the keyboard does).
    fireEvent.click(screen.getByRole('radio', { name: 'Good' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Review (optional)' }), 'On time and friendly');
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/v1/bookings/9/rate_influencer');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ rate: 4, review: 'On time and friendly' });
    expect(await screen.findByText(MSG.bookingUpdated)).toBeInTheDocument();
  });

  it('shows the first rate message of a failure', async () => {
    mockFetch(() => ({
      status: 422,
      body: { message: BOOKING_TEXT.rateOnce, errors: { rate: [BOOKING_TEXT.rateOnce] } },
    }));
    const onClose = vi.fn();
    renderWithApp(<RateVisitDialog booking={booking} open onClose={onClose} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Very Bad' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BOOKING_TEXT.rateOnce);
    expect(onClose).not.toHaveBeenCalled();
  });
});
