import { describe, expect, it } from 'vitest';

import type { OpeningHours } from '../../db/schema';
import type { AvailabilityCampaign } from './availability';
import { isSlotAvailable, weekAvailability } from './availability';
import { bookingSettings } from './bookings.fixtures';
import { foldLine, visitInvite } from './ics';

// 2026-06-01 is a Monday. 12:00 UTC = 08:00 in New York (EDT), 05:00 in Los Angeles, 14:00 in Paris.
const MONDAY = '2026-06-01';
const NOON_UTC = new Date('2026-06-01T12:00:00Z');

const mondayHours: OpeningHours[] = [{ day: 'monday', start_time: '09:00', end_time: '12:00' }];
const campaign = (over: Partial<AvailabilityCampaign> = {}): AvailabilityCampaign => ({
  categoryId: 4,
  launchDate: '2026-05-01',
  openingDate: null,
  eventDate: null,
  endDate: '2026-06-30',
  expiresOn: '2026-06-30',
  fromTime: null,
  toTime: null,
  booking: bookingSettings(),
  ...over,
});
const ny = (hours: OpeningHours[]) => ({ timeZone: 'America/New_York', hours });
const empty = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

describe('weekly availability (hand-computed)', () => {
  it('offers half-hour slots inside the hours, end exclusive, closed days empty', () => {
    const week = weekAvailability(campaign(), ny(mondayHours), MONDAY, NOON_UTC, false);
    expect(week).toEqual({
      ...empty,
      week_start: MONDAY,
      mon: ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'],
    });
  });

  it('reads "now" in the location time zone: Los Angeles still has the morning, Paris has not', () => {
    const la = weekAvailability(
      campaign(),
      { timeZone: 'America/Los_Angeles', hours: mondayHours },
      MONDAY,
      NOON_UTC,
      false,
    );
    expect(la.mon).toHaveLength(6);
    const paris = weekAvailability(
      campaign(),
      { timeZone: 'Europe/Paris', hours: mondayHours },
      MONDAY,
      NOON_UTC,
      false,
    );
    expect(paris.mon).toEqual([]);
  });

  it('drops past slots of today (10:10 in New York leaves 10:30 onward)', () => {
    const week = weekAvailability(campaign(), ny(mondayHours), MONDAY, new Date('2026-06-01T14:10:00Z'), false);
    expect(week.mon).toEqual(['10:30', '11:00', '11:30']);
  });

  it('caps hours that run past midnight at 23:30', () => {
    const week = weekAvailability(
      campaign(),
      ny([{ day: 'friday', start_time: '21:00', end_time: '02:00' }]),
      MONDAY,
      NOON_UTC,
      false,
    );
    expect(week.fri).toEqual(['21:00', '21:30', '22:00', '22:30', '23:00', '23:30']);
  });

  it('removes the unavailable ranges of the weekday only when the switch is on', () => {
    const unavailable = { mon: [{ from: '10:00', to: '11:00' }], tue: [{ from: '09:00', to: '12:00' }] };
    const hours: OpeningHours[] = [...mondayHours, { day: 'tuesday', start_time: '09:00', end_time: '10:00' }];
    const on = weekAvailability(
      campaign({ booking: bookingSettings({ switch: true, unavailable_dates: unavailable }) }),
      ny(hours),
      MONDAY,
      NOON_UTC,
      false,
    );
    expect(on.mon).toEqual(['09:00', '09:30', '11:00', '11:30']);
    expect(on.tue).toEqual([]);
    const off = weekAvailability(
      campaign({ booking: bookingSettings({ switch: false, unavailable_dates: unavailable }) }),
      ny(hours),
      MONDAY,
      NOON_UTC,
      false,
    );
    expect(off.mon).toHaveLength(6);
    expect(off.tue).toEqual(['09:00', '09:30']);
  });

  it('offers nothing before the launch date or after the end date', () => {
    const all: OpeningHours[] = (
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
    ).map((day) => ({ day, start_time: '18:00', end_time: '19:00' }));
    const week = weekAvailability(
      campaign({ launchDate: '2026-06-03', endDate: '2026-06-05', expiresOn: '2026-06-05' }),
      ny(all),
      MONDAY,
      NOON_UTC,
      false,
    );
    expect(week).toEqual({
      ...empty,
      week_start: MONDAY,
      wed: ['18:00', '18:30'],
      thu: ['18:00', '18:30'],
      fri: ['18:00', '18:30'],
    });
    // No end date: the opening day and the day after (spec section 5), though the campaign is
    // offered until its expiry a month later.
    const opening = weekAvailability(
      campaign({ categoryId: 5, launchDate: null, openingDate: '2026-06-02', endDate: null, expiresOn: '2026-07-02' }),
      ny(all),
      MONDAY,
      NOON_UTC,
      false,
    );
    expect(daysWithSlots(opening)).toEqual(['tue', 'wed']);
    // Neither a launch nor an opening date (the older categories): the expiry day bounds it.
    const spotlight = weekAvailability(
      campaign({ categoryId: 1, launchDate: null, openingDate: null, endDate: null, expiresOn: '2026-06-04' }),
      ny(all),
      MONDAY,
      NOON_UTC,
      false,
    );
    expect(daysWithSlots(spotlight)).toEqual(['mon', 'tue', 'wed', 'thu']);
  });

  it('single-day events: only the event date, from from_time to to_time', () => {
    const week = weekAvailability(
      campaign({
        categoryId: 6,
        launchDate: null,
        endDate: null,
        eventDate: '2026-06-04',
        fromTime: '18:00',
        toTime: '20:00',
      }),
      ny([]),
      MONDAY,
      NOON_UTC,
      false,
    );
    expect(week).toEqual({ ...empty, week_start: MONDAY, thu: ['18:00', '18:30', '19:00', '19:30'] });
  });

  it('a full week and information-only campaigns offer nothing', () => {
    expect(weekAvailability(campaign(), ny(mondayHours), MONDAY, NOON_UTC, true)).toEqual({
      ...empty,
      week_start: MONDAY,
    });
    expect(
      weekAvailability(
        campaign({ booking: bookingSettings({ information_only: true }) }),
        ny(mondayHours),
        MONDAY,
        NOON_UTC,
        false,
      ),
    ).toEqual({ ...empty, week_start: MONDAY });
  });

  it('re-checks one slot the same way', () => {
    expect(isSlotAvailable(campaign(), ny(mondayHours), MONDAY, '09:00', NOON_UTC, false)).toBe(true);
    expect(isSlotAvailable(campaign(), ny(mondayHours), MONDAY, '09:15', NOON_UTC, false)).toBe(false);
    expect(isSlotAvailable(campaign(), ny(mondayHours), MONDAY, '12:00', NOON_UTC, false)).toBe(false);
    expect(isSlotAvailable(campaign(), ny(mondayHours), MONDAY, '09:00', NOON_UTC, true)).toBe(false);
  });
});

describe('calendar invitation', () => {
  it('is RFC 5545 text with CRLF lines, UID, DTSTAMP, UTC DTSTART and escaped, folded values', () => {
    const ics = visitInvite({
      uid: 'booking-7@comped.app',
      stamp: new Date('2026-06-01T12:00:00Z'),
      start: new Date('2026-06-03T23:30:00Z'),
      durationMinutes: 90,
      summary: 'Bistro; Summer, menu',
      location: 'Downtown, 12 Harbor St',
      description: 'x'.repeat(120),
      organizer: { name: 'Comped', email: 'hello@comped.app' },
      attendee: { name: 'Ann', email: 'ann@example.test' },
    });
    const lines = ics.split('\r\n');
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('UID:booking-7@comped.app');
    expect(lines).toContain('DTSTAMP:20260601T120000Z');
    expect(lines).toContain('DTSTART:20260603T233000Z');
    expect(lines).toContain('DTEND:20260604T010000Z');
    expect(lines).toContain('SUMMARY:Bistro\\; Summer\\, menu');
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(foldLine('a'.repeat(80))).toBe(`${'a'.repeat(75)}\r\n ${'a'.repeat(5)}`);
  });
});

function daysWithSlots(week: Record<string, unknown>): string[] {
  return Object.entries(week)
    .filter(([k, v]) => k !== 'week_start' && (v as string[]).length)
    .map(([k]) => k);
}
