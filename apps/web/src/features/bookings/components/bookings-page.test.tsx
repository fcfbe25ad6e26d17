import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { writeSession } from '../../../lib/session';
import { makeBooking, mockFetch, renderWithApp } from '../testing/render-booking';
import { BookingsPage } from './bookings-page';

const brandUser = makeSessionUser('brands', {
  id: 2,
  email: 'o@example.test',
  profile: { brands: [{ id: 3, name: 'Bistro Uno', logo: null }] },
});

function booking(id: number, status: BookingResource['status'] = 'pending'): BookingResource {
  const base = makeBooking();
  return makeBooking({
    id,
    status,
    booking_time: '13:30',
    guests: 2,
    influencer: { ...base.influencer, id: 50 + id, name: `Guest ${id}`, tier_range: 2 },
    campaign: { ...base.campaign, type: { booking: { compensation: 75 } } },
    can_rate: status === 'accepted',
  });
}

const page = (data: BookingResource[]) => ({ status: 200, body: makePage(data) });

afterEach(() => vi.unstubAllGlobals());

describe('BookingsPage (brand)', () => {
  it('shows the media user, the visit and accepts with a snackbar', async () => {
    writeSession({ token: 't', user: brandUser });
    const fetch = mockFetch((url, init) => {
      if (init?.method === 'PUT')
        return { status: 200, body: { data: makeBooking({ ...booking(1), status: 'accepted' }) } };
      if (url.includes('/brands/3/bookings')) return page([booking(1)]);
      return undefined;
    });
    renderWithApp(<BookingsPage />, '/bookings');
    const card = await screen.findByRole('article', { name: 'Guest 1' });
    expect(within(card).getByRole('link', { name: 'Guest 1' })).toHaveAttribute('href', '/profile/51');
    expect(card).toHaveTextContent('Tier 2');
    expect(card).toHaveTextContent('1:30 PM');
    expect(card).toHaveTextContent('$75');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('filter%5Bstatus%5D=pending');
    await userEvent.click(within(card).getByRole('button', { name: /^Accept/ }));
    expect(await screen.findByText(MSG.bookingUpdated)).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, i]) => i?.method === 'PUT');
    expect(String(put?.[0])).toContain('/api/v1/brands/3/bookings/1');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ status: 'accepted' });
  });

  it('rejects only after the confirmation, and reports a failure', async () => {
    writeSession({ token: 't', user: brandUser });
    const fetch = mockFetch((url, init) => {
      if (init?.method === 'PUT') return { status: 409, body: { message: 'This booking was already updated.' } };
      if (url.includes('/brands/3/bookings')) return page([booking(1)]);
      return undefined;
    });
    renderWithApp(<BookingsPage />, '/bookings');
    const card = await screen.findByRole('article', { name: 'Guest 1' });
    await userEvent.click(within(card).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this booking?' });
    expect(fetch.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(MSG.somethingWrong)).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, i]) => i?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ status: 'declined' });
  });

  it("sorts the pending list by reliability, with the browser's own select", async () => {
    writeSession({ token: 't', user: brandUser });
    const fetch = mockFetch((url) => (url.includes('/brands/3/bookings') ? page([booking(1)]) : undefined));
    renderWithApp(<BookingsPage />, '/bookings');
    await screen.findByRole('article', { name: 'Guest 1' });
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('visit');
    expect(String(fetch.mock.calls.at(-1)?.[0])).not.toContain('sort=');
    await userEvent.selectOptions(select, 'Most reliable first');
    expect(select).toHaveValue('reliability');
    await waitFor(() => expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('sort=reliability'));
    expect(await screen.findByRole('article', { name: 'Guest 1' })).toBeInTheDocument();
  });

  it('shows the empty and the error states', async () => {
    writeSession({ token: 't', user: brandUser });
    mockFetch(() => page([]));
    const { unmount } = renderWithApp(<BookingsPage />, '/bookings/past');
    expect(await screen.findByText(MSG.noBookings)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    unmount();
    mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderWithApp(<BookingsPage />, '/bookings/upcoming');
    await waitFor(() => expect(screen.getByText(MSG.somethingWrongDot)).toBeInTheDocument(), { timeout: 8000 });
  });
});
