import { dayInZone } from '@comped/shared/time';

import { localToday } from './local-today';

/**
 * The earliest of today's dates at the venues (their IANA zones), else the phone's. The API takes a
 * visit whose instant is still ahead at its venue, so a guest whose phone is already on tomorrow
 * (another zone, or past midnight at home) may still book tonight there: the booking pages judge
 * "today" and "closed" by the venues' calendars, not the phone's.
 */
export function venueToday(timeZones: readonly string[], now: Date = new Date()): string {
  let earliest: string | null = null;
  for (const zone of timeZones) {
    const day = dayInZone(now, zone);
    if (earliest === null || day < earliest) earliest = day;
  }
  return earliest ?? localToday();
}
