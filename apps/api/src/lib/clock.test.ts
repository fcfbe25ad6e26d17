import { describe, expect, it } from 'vitest';

import { wallClockExists, zonedToInstant } from './clock';

/** Wall-clock times on the two daylight-saving days of 2026 (ADR 009, "Daylight saving time"). */
describe('zonedToInstant and wallClockExists', () => {
  const cases = [
    { zone: 'America/New_York', standard: 5, daylight: 4 },
    { zone: 'America/Los_Angeles', standard: 8, daylight: 7 },
  ];
  const utc = (iso: string, hours: number) => new Date(Date.parse(`${iso}Z`) + hours * 3600_000).toISOString();

  it.each(cases)(
    'spring forward in $zone: 02:00 and 02:30 do not exist; read past the jump',
    ({ zone, standard, daylight }) => {
      expect(zonedToInstant('2026-03-08', '01:30', zone).toISOString()).toBe(utc('2026-03-08T01:30', standard));
      expect(zonedToInstant('2026-03-08', '03:00', zone).toISOString()).toBe(utc('2026-03-08T03:00', daylight));
      // 02:30 reads as 03:30 daylight time, never as 01:30 standard time.
      expect(zonedToInstant('2026-03-08', '02:30', zone).toISOString()).toBe(utc('2026-03-08T03:30', daylight));
      expect(['01:30', '02:00', '02:30', '03:00'].map((t) => wallClockExists('2026-03-08', t, zone))).toEqual([
        true,
        false,
        false,
        true,
      ]);
      expect(wallClockExists('2026-03-09', '02:30', zone)).toBe(true);
    },
  );

  it.each(cases)(
    'fall back in $zone: 01:00 and 01:30 exist twice and mean the first',
    ({ zone, standard, daylight }) => {
      expect(zonedToInstant('2026-11-01', '01:30', zone).toISOString()).toBe(utc('2026-11-01T01:30', daylight));
      expect(zonedToInstant('2026-11-01', '02:00', zone).toISOString()).toBe(utc('2026-11-01T02:00', standard));
      expect(['01:00', '01:30', '02:00'].map((t) => wallClockExists('2026-11-01', t, zone))).toEqual([
        true,
        true,
        true,
      ]);
    },
  );
});
