import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './time';

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
