import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeBooking, mockFetch, renderWithApp } from '../testing/render-booking';
import { CancelBookingDialog } from './cancel-booking-dialog';

const booking = makeBooking();

const WINDOW =
  'Cancellations within 24 hours of the visit need a call to the property. Please call Downtown at 5550001111.';

// The visit is Wed, Jun 3, 2026 at 10:00 AM in New York (14:00 UTC); the clock says a week before,
// unless a test moves it.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-05-27T14:00:00.000Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CancelBookingDialog', () => {
  it('asks first, then cancels and closes', async () => {
    const fetch = mockFetch((url, init) =>
      url.endsWith('/influencers/5/bookings/9') && init?.method === 'PUT'
        ? { status: 200, body: { data: makeBooking({ ...booking, status: 'cancelled' }) } }
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

  it('inside 24 hours says at once that the property must be called, with its number to tap', async () => {
    vi.setSystemTime(new Date('2026-06-02T14:30:00.000Z'));
    const fetch = mockFetch(() => undefined);
    const onClose = vi.fn();
    const near = makeBooking({ location: { ...booking.location, name: 'Downtown', phone: '5550001111' } });
    renderWithApp(<CancelBookingDialog booking={near} userId={5} open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Please call the property' });
    expect(dialog).toHaveAccessibleDescription(WINDOW);
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Call Downtown' })).toHaveAttribute('href', 'tel:5550001111');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says a visit whose time has passed can no longer be cancelled, and asks nothing', async () => {
    vi.setSystemTime(new Date('2026-06-03T20:00:00.000Z'));
    const fetch = mockFetch(() => undefined);
    const onClose = vi.fn();
    renderWithApp(<CancelBookingDialog booking={booking} userId={5} open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'This visit has passed' });
    expect(dialog).toHaveTextContent('Wed, Jun 3, 2026 at 10:00 AM has passed: it can no longer be cancelled.');
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("should the window start while it asks, shows the server's refusal the same way", async () => {
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
