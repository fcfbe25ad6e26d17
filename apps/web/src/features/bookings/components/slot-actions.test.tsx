import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeBooking, mockFetch, renderWithApp } from '../testing/render-booking';
import { BookingCard } from './booking-card';
import { compTermsOf } from './comp-terms';
import { AttendanceChip, ConfirmVisitButton, ProposalPanel } from './slot-actions';

afterEach(() => vi.unstubAllGlobals());

const pending = makeBooking({
  status: 'pending',
  proposal: { booking_date: '2026-06-04', booking_time: '18:00', note: 'Calmer then.' },
});

describe('slots that fill (issue 30)', () => {
  it('shows the proposed time and accepts it', async () => {
    const fetch = mockFetch((url, init) =>
      url.endsWith('/influencers/5/bookings/9/proposal/accept') && init?.method === 'POST'
        ? { status: 200, body: { data: makeBooking({ status: 'accepted', booking_date: '2026-06-04' }) } }
        : undefined,
    );
    renderWithApp(<ProposalPanel booking={pending} userId={5} />);
    const panel = screen.getByTestId('proposal');
    expect(panel).toHaveTextContent('Bistro Uno proposes Thu, Jun 4, 2026 at 6:00 PM');
    expect(panel).toHaveTextContent('Calmer then.');
    await userEvent.click(within(panel).getByRole('button', { name: /^Accept the proposed time/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(await screen.findByText(/^Accepted: your visit is on/)).toBeInTheDocument();
  });

  it('says on the panel when the proposed time filled since, and leaves Decline', async () => {
    mockFetch((url, init) =>
      url.endsWith('/influencers/5/bookings/9/proposal/accept') && init?.method === 'POST'
        ? {
            status: 422,
            body: {
              message: 'Please select an available day and time.',
              code: 'validation_failed',
              errors: { booking_date: ['Please select an available day and time.'] },
            },
          }
        : undefined,
    );
    renderWithApp(<ProposalPanel booking={pending} userId={5} />);
    const panel = screen.getByTestId('proposal');
    await userEvent.click(within(panel).getByRole('button', { name: /^Accept the proposed time/ }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This time is no longer available.');
    expect(within(panel).getByRole('button', { name: /^Accept the proposed time/ })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Decline' })).toBeEnabled();
  });

  it('offers Confirm only inside the window, and says when confirmed', () => {
    const { unmount } = renderWithApp(<ConfirmVisitButton booking={makeBooking({ can_confirm: true })} userId={5} />);
    expect(screen.getByRole('button', { name: "Confirm I'm coming" })).toBeInTheDocument();
    unmount();
    renderWithApp(<ConfirmVisitButton booking={makeBooking({ can_confirm: false })} userId={5} />);
    expect(screen.queryByRole('button', { name: "Confirm I'm coming" })).not.toBeInTheDocument();
  });

  it('shows the brand Confirmed or Not confirmed', () => {
    renderWithApp(
      <>
        <AttendanceChip booking={makeBooking({ attendance: 'confirmed' })} />
        <AttendanceChip booking={makeBooking({ attendance: 'not_confirmed' })} />
      </>,
    );
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByText('Not confirmed')).toBeInTheDocument();
  });

  it('lists the comp terms on the brand card of an accepted visit', () => {
    const base = makeBooking();
    const booking = makeBooking({
      campaign: {
        ...base.campaign,
        type: {
          booking: { compensation: 50, includes: ['Tasting menu for two'], allowance: 120, guest_policy: 'none' },
        },
      },
    });
    expect(compTermsOf(booking).guests).toBe('No guests: the visit is for you alone.');
    renderWithApp(<BookingCard booking={booking} side="brand" />);
    const terms = screen.getByTestId('comp-terms');
    expect(terms).toHaveTextContent('Tasting menu for two');
    expect(terms).toHaveTextContent('Allowance, up to: $120');
  });
});
