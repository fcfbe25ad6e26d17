import { describe, expect, it } from 'vitest';

import { addDays, dayInZone, instantAt, isCalendarDate, weekdayIndexOf, weekStartOf } from './time';

describe('isCalendarDate', () => {
  it('takes days that exist, leap days included', () => {
    for (const day of ['2026-01-31', '2026-11-30', '2028-02-29', '2000-02-29'])
      expect(isCalendarDate(day), day).toBe(true);
  });

  it('refuses days a month does not have, which Date.parse rolls into the next month', () => {
    for (const day of [
      '2027-02-30',
      '2026-11-31',
      '2026-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
    ]) {
      expect(isCalendarDate(day), day).toBe(false);
    }
  });

  it('refuses anything but YYYY-MM-DD', () => {
    for (const day of ['2026-1-01', '2026-01-01T00:00', ' 2026-01-01', 'tomorrow', ''])
      expect(isCalendarDate(day), day).toBe(false);
  });
});

describe('weeks run Monday to Sunday', () => {
  it('places each day of a week, Monday 0 to Sunday 6, and finds its Monday', () => {
    // 2026-06-01 is a Monday; the week crosses into July and a year end crosses too.
    const days = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07'];
    days.forEach((day, i) => {
      expect(weekdayIndexOf(day), day).toBe(i);
      expect(weekStartOf(day), day).toBe('2026-06-01');
    });
    expect(weekStartOf('2026-07-01')).toBe('2026-06-29');
    expect(weekStartOf('2027-01-02')).toBe('2026-12-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('dayInZone', () => {
  it('gives the date an instant falls on at a place, across midnight and a year end', () => {
    // 03:30 UTC on New Year's Day is still New Year's Eve in New York and already the 1st in Tokyo.
    const instant = '2027-01-01T03:30:00.000Z';
    expect(dayInZone(instant, 'America/New_York')).toBe('2026-12-31');
    expect(dayInZone(instant, 'UTC')).toBe('2027-01-01');
    expect(dayInZone(new Date(instant), 'Asia/Tokyo')).toBe('2027-01-01');
  });
});

describe('instantAt', () => {
  it('reads a wall-clock time at a place as the instant it happens, in winter, summer and the day clocks move', () => {
    expect(instantAt('2026-06-03', '10:00', 'America/New_York').toISOString()).toBe('2026-06-03T14:00:00.000Z');
    expect(instantAt('2026-12-03', '19:30', 'America/New_York').toISOString()).toBe('2026-12-04T00:30:00.000Z');
    expect(instantAt('2026-12-03', '19:30', 'Asia/Tokyo').toISOString()).toBe('2026-12-03T10:30:00.000Z');
    expect(instantAt('2026-11-01', '12:00', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T20:00:00.000Z');
    expect(instantAt('2026-03-08', '12:00', 'America/Chicago').toISOString()).toBe('2026-03-08T17:00:00.000Z');
    expect(instantAt('2026-06-03', '00:00', 'UTC').toISOString()).toBe('2026-06-03T00:00:00.000Z');
  });
});
