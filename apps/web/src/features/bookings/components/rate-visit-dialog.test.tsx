import { MSG } from '@comped/shared/messages';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeBooking, mockFetch, renderWithApp } from '../testing/render-booking';
import { RateVisitDialog } from './rate-visit-dialog';

const booking = makeBooking({ can_rate: true });

afterEach(() => vi.unstubAllGlobals());

describe('RateVisitDialog', () => {
  it('sends the rating and the optional review', async () => {
    const fetch = mockFetch(() => ({
      status: 200,
      body: { data: makeBooking({ ...booking, status: 'finished', rate: 4, can_rate: false }) },
    }));
    const onClose = vi.fn();
    renderWithApp(<RateVisitDialog booking={booking} open onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Rate Visit' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.ratingRequired);
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
      body: { message: MSG.visitAlreadyRated, errors: { rate: [MSG.visitAlreadyRated] } },
    }));
    const onClose = vi.fn();
    renderWithApp(<RateVisitDialog booking={booking} open onClose={onClose} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Very Bad' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.visitAlreadyRated);
    expect(onClose).not.toHaveBeenCalled();
  });
});
