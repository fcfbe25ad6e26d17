import { describe, expect, it } from 'vitest';

import { dateTimeFormat, numberFormat, wholeNumber } from './intl-formats';
import { formatDay, formatLongDay, localTime } from './time';

describe('intl formats', () => {
  it('formats as a new en-US formatter would, and makes each formatter once', () => {
    const options: Intl.DateTimeFormatOptions = { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' };
    const instant = new Date('2026-06-06T23:04:00Z');
    expect(dateTimeFormat(options).format(instant)).toBe('7:04 PM');
    expect(dateTimeFormat({ ...options })).toBe(dateTimeFormat(options));
    expect(dateTimeFormat({ ...options, timeZone: 'UTC' }).format(instant)).toBe('11:04 PM');
    expect(numberFormat().format(12500)).toBe('12,500');
    expect(numberFormat({ style: 'currency', currency: 'USD' }).format(12.5)).toBe('$12.50');
    expect(numberFormat()).toBe(numberFormat({}));
  });

  it('groups whole numbers as Intl does', () => {
    for (const n of [0, 7, 50, 999, 1000, 12500, 999999, 1000000, 1234567890, -1234]) {
      expect(wholeNumber(n)).toBe(numberFormat({ maximumFractionDigits: 0 }).format(n));
    }
  });

  it('writes a plain day as Intl does, with and without the weekday, never shifted by a zone', () => {
    expect(formatDay('2026-06-03')).toBe('Wed, Jun 3, 2026');
    expect(formatDay('2026-06-03', { weekday: false })).toBe('Jun 3, 2026');
    const intlDay = dateTimeFormat({
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const intlDate = dateTimeFormat({ month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      expect(formatDay(iso)).toBe(intlDay.format(t));
      expect(formatDay(iso, { weekday: false })).toBe(intlDate.format(t));
    }
  });

  it('writes a long day and a time at the location', () => {
    expect(formatLongDay('2026-06-06')).toBe('Saturday, June 6, 2026');
    expect(localTime('2026-06-06T23:04:00Z', 'America/New_York')).toBe('7:04 PM');
    expect(localTime(new Date('2026-01-06T23:04:00Z'), 'America/Los_Angeles')).toBe('3:04 PM');
  });
});
