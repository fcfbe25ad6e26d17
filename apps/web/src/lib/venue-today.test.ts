import { describe, expect, it } from 'vitest';

import { localToday } from './local-today';
import { venueToday } from './venue-today';

describe('venueToday', () => {
  // 04:30 UTC on Dec 7: already Dec 7 in London, still Dec 6 in New York (11:30 PM) and Los Angeles.
  const now = new Date('2026-12-07T04:30:00Z');

  it('is the venue’s date, not the phone’s', () => {
    expect(venueToday(['America/New_York'], now)).toBe('2026-12-06');
    expect(venueToday(['Europe/London'], now)).toBe('2026-12-07');
  });

  it('is the earliest date among the venues', () => {
    expect(venueToday(['Europe/London', 'America/Los_Angeles', 'Asia/Tokyo'], now)).toBe('2026-12-06');
  });

  it('is the phone’s date without a venue', () => {
    expect(venueToday([], now)).toBe(localToday());
  });
});
