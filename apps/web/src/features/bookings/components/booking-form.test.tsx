import { makeBooking } from '@comped/shared/factories/booking';
import { makeCampaign } from '@comped/shared/factories/campaign';
import { makeErrorBody } from '@comped/shared/factories/error-body';
import { makeWeekAvailability } from '@comped/shared/factories/week-availability';
import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';

import { mockFetch, renderWithApp } from '../testing/render-booking';
import { BookingForm } from './booking-form';

const EVENT_DAY = dayjs().add(10, 'day').format('YYYY-MM-DD');

function campaign(over: Partial<CampaignResource> = {}): CampaignResource {
  const base = makeCampaign();
  return makeCampaign({
    name: 'Launch night',
    description: 'Party',
    category_id: 6,
    attributes_type: 'singledayevent',
    attributes: {
      launch_date: null,
      opening_date: null,
      event_date: EVENT_DAY,
      end_date: null,
      from_time: '18:00',
      to_time: '19:00',
      key_players: [],
    },
    featuredphotos: [],
    type: { booking: { ...base.type.booking!, max_bookings_per_week: 5, unavailable_dates: {} } },
    influencer_instructions: null,
    expires_on: EVENT_DAY,
    ...over,
  });
}

function week(slots: string[]) {
  return (_url: string, init: RequestInit | undefined) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { date: string };
    return { status: 200, body: { data: makeWeekAvailability(body.date, slots) } };
  };
}

function withBookingAnswer(slots: string[], answer: { status: number; body: unknown }) {
  return mockFetch((url, init) => {
    if (url.includes('/availablehours')) return week(slots)(url, init);
    if (url.endsWith('/api/v1/bookings')) return answer;
    return undefined;
  });
}

async function requestSlot() {
  const user = userEvent.setup();
  const time = await screen.findByRole('combobox', { name: 'Available times' });
  await waitFor(() => expect(time).toBeEnabled());
  await user.selectOptions(time, '18:30');
  expect(screen.getByRole('option', { name: '6:30 PM' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Request now' }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('BookingForm', () => {
  it('asks for a location and an available day and time', async () => {
    mockFetch(() => undefined);
    const c = campaign({
      category_id: 4,
      attributes_type: 'generalupdates',
      attributes: { ...campaign().attributes, event_date: null, launch_date: dayjs().format('YYYY-MM-DD') },
      locations: [
        { id: 11, name: 'Downtown', address: '12 Harbor St', time_zone: 'America/New_York' },
        { id: 12, name: 'Uptown', address: '9 Hill Rd', time_zone: 'America/New_York' },
      ],
    });
    renderWithApp(<BookingForm campaign={c} userId={5} />);
    expect(screen.getByText(MSG.firstSelectLocation)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Guests' })).toHaveValue('1');
    expect(screen.getAllByRole('option', { name: /^[0-9]$/ }).map((o) => o.textContent)).toEqual(['1', '2']);
    await userEvent.click(screen.getByRole('button', { name: 'Request now' }));
    expect(await screen.findByText(MSG.locationRequired)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.selectDayAndTime);
  });

  it('fixes the event date and says when a day has no availability', async () => {
    mockFetch(week([]));
    renderWithApp(<BookingForm campaign={campaign()} userId={5} />);
    expect(await screen.findByText(MSG.noAvailability)).toBeInTheDocument();
    expect(screen.getByText('The event takes place on this day.')).toBeInTheDocument();
  });

  it('shows the success dialog and goes to /campaigns on close', async () => {
    const fetch = withBookingAnswer(['18:00', '18:30'], {
      status: 201,
      body: { data: makeBooking({ id: 1, status: 'pending', booking_date: EVENT_DAY, booking_time: '18:30' }) },
    });
    renderWithApp(<BookingForm campaign={campaign()} userId={5} />);
    const user = await requestSlot();
    expect(await screen.findByRole('dialog', { name: 'Visit requested!' })).toBeInTheDocument();
    const post = fetch.mock.calls.find(([u]) => String(u).endsWith('/api/v1/bookings'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      campaign_id: 7,
      location_id: 11,
      booking_date: EVENT_DAY,
      booking_time: '18:30',
      guests: 1,
    });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Campaigns page')).toBeInTheDocument();
  });

  it('tells the user they already booked this campaign', async () => {
    const [status, body] = makeErrorBody('already_booked', MSG.alreadyBooked, { booking: [MSG.alreadyBooked] });
    withBookingAnswer(['18:30'], { status, body });
    renderWithApp(<BookingForm campaign={campaign()} userId={5} />);
    const user = await requestSlot();
    expect(await screen.findByRole('dialog', { name: MSG.alreadyBooked })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Campaigns page')).toBeInTheDocument();
  });

  it('asks for more profile details with a link to the profile', async () => {
    const [status, body] = makeErrorBody('profile_incomplete', MSG.moreDetailsNeeded, {
      profile: [MSG.moreDetailsNeeded],
    });
    withBookingAnswer(['18:30'], { status, body });
    renderWithApp(<BookingForm campaign={campaign()} userId={5} />);
    await requestSlot();
    const dialog = await screen.findByRole('dialog', { name: MSG.moreDetailsNeeded });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute('href', '/profile');
  });

  it('shows a booking_date field error as the dialog description and stays on the form', async () => {
    withBookingAnswer(['18:30'], {
      status: 422,
      body: { message: MSG.selectDayAndTime, errors: { booking_date: [MSG.selectDayAndTime] } },
    });
    renderWithApp(<BookingForm campaign={campaign()} userId={5} />);
    const user = await requestSlot();
    const dialog = await screen.findByRole('dialog', { name: 'Please check your request' });
    expect(dialog).toHaveAccessibleDescription(MSG.selectDayAndTime);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Request now' })).toBeInTheDocument();
  });

  it('shows a general failure', async () => {
    withBookingAnswer(['18:30'], { status: 500, body: { message: 'Sorry, something went wrong.' } });
    renderWithApp(<BookingForm campaign={campaign()} userId={5} />);
    await requestSlot();
    expect(await screen.findByRole('dialog', { name: MSG.somethingWrong })).toBeInTheDocument();
  });

  it('offers the venue’s today in the calendar while the phone is already on the next day', async () => {
    // 04:30 UTC on Dec 7: the phone (UTC, or any zone east of UTC-4) reads Dec 7, New York 11:30 PM on Dec 6.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T04:30:00Z'));
    mockFetch(week(['23:30']));
    const c = campaign({
      category_id: 4,
      attributes_type: 'generalupdates',
      attributes: { ...campaign().attributes, event_date: null, launch_date: '2026-11-01', end_date: '2027-01-31' },
      expires_on: '2027-01-31',
      locations: [{ id: 11, name: 'Downtown', address: '12 Harbor St', time_zone: 'America/New_York' }],
    });
    renderWithApp(<BookingForm campaign={c} userId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: /Choose date/ }));
    const calendar = await screen.findByRole('grid');
    await waitFor(() => expect(within(calendar).getByRole('gridcell', { name: '6' })).toBeEnabled());
    expect(within(calendar).getByRole('gridcell', { name: '5' })).toBeDisabled();
  });
});
