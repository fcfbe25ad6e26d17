import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// A big form (7 days x 2 selects of 48 slots, ~400 time zones): jsdom queries on it are slow on shared CPUs.
vi.setConfig({ testTimeout: 90_000 });
import { makeLocation } from '@comped/shared/factories/location';
import { MSG } from '@comped/shared/messages';
import type { LocationResource } from '@comped/shared/schemas/resources';

import { ApiError } from '../../../lib/api-client';
import { LocationForm } from './location-form';

function setup(location?: LocationResource, onSubmit = vi.fn().mockResolvedValue(undefined)) {
  render(
    <LocationForm location={location} tzDefault="America/New_York" onSubmit={onSubmit} onCancel={() => undefined} />,
  );
  return { onSubmit, user: userEvent.setup() };
}

/** Click then paste: one change event per field keeps the big form fast under jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, el: HTMLElement, text: string) {
  await user.click(el);
  await user.paste(text);
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText(/Location name/), 'Downtown');
  await fill(user, screen.getByLabelText(/^Address/), '5 Canal St');
  await fill(user, screen.getByLabelText(/^Email/), 'hello@example.test');
  await fill(user, screen.getByLabelText(/^Phone/), '5551112222');
  await fill(user, screen.getByLabelText(/Contact person/), 'Ana');
}

describe('LocationForm', () => {
  it('keeps Save disabled until name, address, email, phone and contact are filled', async () => {
    const { user } = setup();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await fill(user, screen.getByLabelText(/Location name/), 'Downtown');
    await fill(user, screen.getByLabelText(/^Address/), '5 Canal St');
    await fill(user, screen.getByLabelText(/^Email/), 'hello@example.test');
    await fill(user, screen.getByLabelText(/^Phone/), '5551112222');
    expect(save).toBeDisabled();
    await fill(user, screen.getByLabelText(/Contact person/), 'Ana');
    expect(save).toBeEnabled();
  });

  it('defaults open days to 12:00 AM - 11:30 PM in 12-hour labels', () => {
    setup();
    const opens = screen.getByLabelText('Monday opens') as HTMLSelectElement;
    const closes = screen.getByLabelText('Monday closes') as HTMLSelectElement;
    expect(opens.selectedOptions[0]?.textContent).toBe('12:00 AM');
    expect(closes.selectedOptions[0]?.textContent).toBe('11:30 PM');
    expect(opens.options).toHaveLength(48);
    expect(opens.options[47]?.textContent).toBe('11:30 PM');
  });

  it('shows the equal start and end error and blocks saving', async () => {
    const { user, onSubmit } = setup();
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText('Tuesday opens'), '10:00');
    await user.selectOptions(screen.getByLabelText('Tuesday closes'), '10:00');
    expect(screen.getByText(MSG.startEndEqual)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Tuesday closes'), '22:30');
    expect(screen.queryByText(MSG.startEndEqual)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends open days only and shows server errors under their fields', async () => {
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiError(422, 'bad', {
        email: ['The email must be a valid email address.'],
        'hours.1.end_time': ['Too late.'],
      }),
    );
    const { user } = setup(undefined, onSubmit);
    await fillRequired(user);
    for (const day of ['Monday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      await user.click(screen.getByRole('switch', { name: day }));
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const payload = onSubmit.mock.calls[0]![0];
    expect(payload.hours.map((h: { day: string }) => h.day)).toEqual(['tuesday', 'sunday']);
    expect(payload).toMatchObject({ name: 'Downtown', contact: 'Ana', time_zone: 'America/New_York' });
    expect(await screen.findByText('The email must be a valid email address.')).toBeInTheDocument();
    // hours.1 is Sunday, the second open day.
    expect(screen.getByText('Too late.')).toBeInTheDocument();
    expect(screen.getByLabelText('Sunday closes')).toHaveAttribute('aria-invalid', 'true');
  });

  it("sends the place's ZIP, and refuses one that is not five digits under its field", async () => {
    const { onSubmit, user } = setup();
    await fillRequired(user);
    const zip = screen.getByLabelText(/^ZIP code/);
    await fill(user, zip, '1124');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a 5-digit US ZIP code.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await fill(user, zip, '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ zip: '11249' });
  });

  it('loads an existing location: its days open, the others closed', () => {
    setup(
      makeLocation({
        id: 4,
        brand_id: 1,
        name: 'Uptown',
        address: '9 High St',
        email: 'up@example.test',
        phone: '555',
        contact: 'Bo',
        time_zone: 'Europe/Paris',
        hours: [{ day: 'friday', start_time: '18:00', end_time: '23:00' }],
      }),
    );
    expect(screen.getByRole('switch', { name: 'Friday' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Monday (closed)' })).not.toBeChecked();
    expect((screen.getByLabelText('Friday opens') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      '6:00 PM',
    );
    expect(screen.getByLabelText('Time zone')).toHaveValue('Europe/Paris');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
