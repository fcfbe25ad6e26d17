import { MSG } from '@comped/shared/messages';
import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeBooking, mockFetch, renderWithApp } from '../testing/render-booking';
import { ProposeTimeDialog } from './propose-time-dialog';

afterEach(() => vi.unstubAllGlobals());

// Ann asked for Wednesday 2026-06-03 at 10:00; that Wednesday has 10:00 and 11:00 free.
const pending = makeBooking({ id: 9, status: 'pending' });
const week = {
  week_start: '2026-06-01',
  mon: [],
  tue: [],
  wed: ['10:00', '11:00'],
  thu: ['10:00'],
  fri: [],
  sat: [],
  sun: [],
};

describe('Propose another time', () => {
  it('offers the times of the day but the one asked for, and drops an old error once a time is chosen', async () => {
    mockFetch((url) =>
      url.endsWith('/bookings/9/availablehours') ? { status: 200, body: { data: week } } : undefined,
    );
    renderWithApp(<ProposeTimeDialog booking={pending} brandId={1} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Propose another time' });
    const times = within(dialog).getByRole('combobox', { name: 'Available times' });
    expect(await within(dialog).findByText('1 available time')).toBeInTheDocument();
    expect(
      within(times)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a time', '11:00 AM']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.selectDayAndTime);
    await userEvent.selectOptions(times, '11:00');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
