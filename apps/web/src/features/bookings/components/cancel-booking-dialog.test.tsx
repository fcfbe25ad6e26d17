import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { CancelBookingDialog } from './cancel-booking-dialog';
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
  can_rate: false,
  created_at: '2026-06-01T00:00:00Z',
} satisfies BookingResource;

const WINDOW =
  'Cancellations within 24 hours of the visit need a call to the property. Please call Downtown at 5550001111.';

afterEach(() => vi.unstubAllGlobals());

describe('CancelBookingDialog', () => {
  it('asks first, then cancels and closes', async () => {
    const fetch = mockFetch((url, init) =>
      url.endsWith('/influencers/5/bookings/9') && init?.method === 'PUT'
        ? { status: 200, body: { data: { ...booking, status: 'cancelled' } } }
        : undefined,
    );
    const onClose = vi.fn();
    renderWithApp(<CancelBookingDialog booking={booking} userId={5} open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveTextContent('Wed, Jun 3, 2026 at 10:00 AM');
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ status: 'cancelled' });
    expect(await screen.findByText('Your booking was cancelled.')).toBeInTheDocument();
  });

  it('keeps the booking when the user changes their mind', async () => {
    const fetch = mockFetch(() => undefined);
    const onClose = vi.fn();
    renderWithApp(<CancelBookingDialog booking={booking} userId={5} open onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Keep booking' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('inside 24 hours explains that the property must be called', async () => {
    mockFetch(() => ({ status: 422, body: { message: WINDOW, errors: { status: [WINDOW] } } }));
    const onClose = vi.fn();
    renderWithApp(<CancelBookingDialog booking={booking} userId={5} open onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please call the property' });
    expect(dialog).toHaveAccessibleDescription(WINDOW);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });
});
