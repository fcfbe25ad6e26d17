import { makeBooking } from '@comped/shared/factories/booking';
import { MSG } from '@comped/shared/messages';
import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';

import { renderWithApp } from '../testing/render-booking';
import { BookingCard } from './booking-card';

// A request the brand never answered: the API declined it when its visit time passed.
const expired = makeBooking({
  status: 'declined',
  decline_reason: 'expired',
  check_in_code: null,
  check_in_opens_at: null,
  check_in_closes_at: null,
});

describe('BookingCard status', () => {
  it('shows an expired request as "Expired" with why, to the media user', () => {
    renderWithApp(<BookingCard booking={expired} side="media" />);
    const card = screen.getByRole('article', { name: 'Bistro Uno' });
    expect(within(card).getByText('Expired')).toBeInTheDocument();
    expect(within(card).queryByText('Declined')).not.toBeInTheDocument();
    expect(within(card).getByText(MSG.bookingExpiredMedia)).toBeInTheDocument();
  });

  it('shows it as "Expired" to the brand too', () => {
    renderWithApp(<BookingCard booking={expired} side="brand" />);
    const card = screen.getByRole('article', { name: 'Ann Lee' });
    expect(within(card).getByText('Expired')).toBeInTheDocument();
    expect(within(card).queryByText('Declined')).not.toBeInTheDocument();
    expect(within(card).getByText(MSG.bookingExpiredBrand)).toBeInTheDocument();
  });

  it('still shows a request the brand declined as "Declined", without the explanation', () => {
    renderWithApp(<BookingCard booking={makeBooking({ ...expired, decline_reason: null })} side="media" />);
    const card = screen.getByRole('article', { name: 'Bistro Uno' });
    expect(within(card).getByText('Declined')).toBeInTheDocument();
    expect(within(card).queryByText(MSG.bookingExpiredMedia)).not.toBeInTheDocument();
  });
});

describe('BookingCard Message', () => {
  it("links each side to the booking's conversation, named after the other side and the day", () => {
    const booking = makeBooking({ conversation_id: 12 });
    const { unmount } = renderWithApp(<BookingCard booking={booking} side="brand" />);
    const brandCard = screen.getByRole('article', { name: 'Ann Lee' });
    const toMedia = within(brandCard).getByRole('link', { name: /^Message Ann Lee about / });
    expect(toMedia).toHaveAttribute('href', '/inbox/12');
    expect(toMedia).toHaveTextContent('Message');
    unmount();
    renderWithApp(<BookingCard booking={booking} side="media" />);
    const mediaCard = screen.getByRole('article', { name: 'Bistro Uno' });
    expect(within(mediaCard).getByRole('link', { name: /^Message Bistro Uno about / })).toHaveAttribute(
      'href',
      '/inbox/12',
    );
  });

  it('shows no Message without a conversation', () => {
    renderWithApp(<BookingCard booking={makeBooking({ conversation_id: null })} side="media" />);
    expect(screen.queryByRole('link', { name: /^Message/ })).not.toBeInTheDocument();
  });
});
