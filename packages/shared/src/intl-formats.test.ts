import { describe, expect, it } from 'vitest';

import { dateTimeFormat, numberFormat, usdAmount, wholeNumber } from './intl-formats';
import { clockTime, formatDay, formatLongDay, localTime, monthDay, weekdayShort } from './time';

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

  it('writes dollars as an en-US currency format does, cents only when there are some', () => {
    const intl = (amount: number) => {
      const digits = Number.isInteger(amount) ? 0 : 2;
      return numberFormat({
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(amount);
    };
    // Halves that binary floating point stores just below (0.995, 2.675, 1.005) and averages.
    const amounts = [0, 1, 7.5, 12.5, 12.05, 0.125, 0.005, 0.994, 0.995, 1.005, 2.675, 99.995, 999.999, 1000];
    amounts.push(1234.56, 1234.565, 12500, 999_999.995, 1e6 + 0.01, 100 / 3, -12.5, -1234, -0.995);
    for (let cents = 0; cents < 200_000; cents += 37) amounts.push(cents / 100);
    for (let i = 1; i < 3000; i += 1) amounts.push(i / 7, (i * 1.01) / 3, i / 1000);
    for (const amount of amounts) expect(usdAmount(amount)).toBe(intl(amount));
    expect(usdAmount(12500)).toBe('$12,500');
    expect(usdAmount(12.5)).toBe('$12.50');
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

  it('writes a long day as Intl does, never shifted by a zone', () => {
    const intlLongDay = dateTimeFormat({
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000)
      expect(formatLongDay(new Date(t).toISOString().slice(0, 10))).toBe(intlLongDay.format(t));
  });

  it("writes an instant's time, weekday and day on the device's clock as Intl does", () => {
    const intlTime = dateTimeFormat({ hour: 'numeric', minute: '2-digit' });
    const intlWeekday = dateTimeFormat({ weekday: 'short' });
    const intlMonthDay = dateTimeFormat({ month: 'short', day: 'numeric' });
    const intlWeekdayTime = dateTimeFormat({ weekday: 'short', hour: 'numeric', minute: '2-digit' });
    // Every minute of a day, then noon of every day of two years.
    const instants: Date[] = [];
    for (let minute = 0; minute < 24 * 60; minute += 1) instants.push(new Date(2026, 5, 6, 0, minute));
    for (let day = 0; day < 731; day += 1) instants.push(new Date(2027, 0, 1 + day, 12, 30));
    for (const instant of instants) {
      expect(clockTime(instant)).toBe(intlTime.format(instant));
      expect(weekdayShort(instant)).toBe(intlWeekday.format(instant));
      expect(monthDay(instant)).toBe(intlMonthDay.format(instant));
      expect(`${weekdayShort(instant)} ${clockTime(instant)}`).toBe(intlWeekdayTime.format(instant));
    }
    expect(clockTime(new Date(2026, 5, 6, 0, 5))).toBe('12:05 AM');
    expect(clockTime(new Date(2026, 5, 6, 15, 5))).toBe('3:05 PM');
    expect(monthDay(new Date(2026, 5, 6, 15, 5))).toBe('Jun 6');
  });

  it('writes a long day and a time at the location', () => {
    expect(formatLongDay('2026-06-06')).toBe('Saturday, June 6, 2026');
    expect(localTime('2026-06-06T23:04:00Z', 'America/New_York')).toBe('7:04 PM');
    expect(localTime(new Date('2026-01-06T23:04:00Z'), 'America/Los_Angeles')).toBe('3:04 PM');
  });
});
