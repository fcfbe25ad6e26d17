import { makeErrorBody } from '@comped/shared/factories/error-body';
import { MSG } from '@comped/shared/messages';
import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeBooking, mockFetch, renderWithApp } from '../testing/render-booking';
import { BookingCard } from './booking-card';
import { CheckInDialog } from './check-in-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('visit on the booking card', () => {
  it('shows the media user the code and its QR until check-in', async () => {
    renderWithApp(<BookingCard booking={makeBooking({ check_in_code: 'K7F3XA' })} side="media" />);
    expect(screen.getByTestId('check-in-code')).toHaveTextContent('K7F3XA');
    expect(await screen.findByRole('img', { name: 'QR code of check-in code K7F3XA' })).toBeInTheDocument();
  });

  it('shows "Checked in at 7:04 PM" in the location zone, and the reliability to the brand', () => {
    renderWithApp(
      <BookingCard
        booking={makeBooking({
          checked_in_at: '2026-06-03T23:04:00Z',
          check_in_code: null,
          reliability: { percent: 96, visits: 24 },
        })}
        side="brand"
      />,
    );
    expect(screen.getByText('Checked in at 7:04 PM')).toBeInTheDocument();
    expect(screen.getByText('96% reliable · 24 visits')).toBeInTheDocument();
    expect(screen.queryByTestId('check-in-code')).not.toBeInTheDocument();
  });

  it('says "New" under 3 visits', () => {
    renderWithApp(<BookingCard booking={makeBooking({ reliability: { percent: 100, visits: 2 } })} side="brand" />);
    expect(screen.getByText('New')).toBeInTheDocument();
  });
});

describe('CheckInDialog', () => {
  it('shows the wrong-code message under the field, then checks in with the typed code', async () => {
    let calls = 0;
    const fetch = mockFetch(() => {
      calls += 1;
      if (calls === 1) {
        const [status, body] = makeErrorBody('wrong_check_in_code', MSG.checkInCodeWrong, {
          code: [MSG.checkInCodeWrong],
        });
        return { status, body };
      }
      return { status: 200, body: { data: makeBooking({ checked_in_at: '2026-06-03T23:04:00Z' }) } };
    });
    const onClose = vi.fn();
    renderWithApp(<CheckInDialog booking={makeBooking()} brandId={3} onClose={onClose} />);
    const field = screen.getByRole('textbox', { name: 'Check-in code' });
    await userEvent.type(field, 'aaaaaa');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(MSG.checkInCodeWrong)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'k7f-3xa');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(String(fetch.mock.calls[1]?.[0])).toContain('/api/v1/brands/3/bookings/9/checkin');
    expect(JSON.parse(String(fetch.mock.calls[1]?.[1]?.body))).toEqual({ code: 'K7F3XA' });
  });
});
