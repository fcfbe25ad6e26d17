import { describe, expect, it } from 'vitest';

import { escapeText, visitInvite } from './ics';

/** Issue 24: what a brand or guest typed can never end a line of the invitation and start a property. */
describe('calendar invitation text', () => {
  const invite = (over: { location?: string; summary?: string; organizer?: string; attendee?: string }) =>
    visitInvite({
      uid: 'booking-1@comped.test',
      stamp: new Date('2026-06-01T12:00:00Z'),
      start: new Date('2026-06-04T14:00:00Z'),
      durationMinutes: 90,
      summary: over.summary ?? 'Visit: Bistro Uno',
      location: over.location ?? '1 Main St, New York',
      description: 'Check-in code: ACDEFG',
      organizer: { name: over.organizer ?? 'Bistro Uno', email: 'hello@comped.test' },
      attendee: { name: over.attendee ?? 'Ann Lee', email: 'ann@example.test' },
    });

  const injected = [
    '1 Main St\rATTENDEE:mailto:evil@example.test',
    '1 Main St\nATTENDEE:mailto:evil@example.test',
    '1 Main St\r\nATTENDEE:mailto:evil@example.test',
    '1 Main St\r\rATTENDEE:mailto:evil@example.test',
  ];

  it('escapes every CR and LF of a text value, a lone CR included', () => {
    for (const location of injected) {
      const ics = invite({ location });
      // Every CR is part of a CRLF line end, and every line end is followed by a property or a fold.
      expect(ics.replace(/\r\n/g, ''), JSON.stringify(location)).not.toMatch(/[\r\n]/);
      const properties = ics
        .split('\r\n')
        .filter((line) => line && !line.startsWith(' '))
        .map((line) => line.split(/[:;]/)[0]);
      expect(
        properties.filter((p) => p === 'ATTENDEE'),
        JSON.stringify(location),
      ).toHaveLength(1);
      const line = ics.split('\r\n').find((l) => l.startsWith('LOCATION:'));
      expect(line).toMatch(/^LOCATION:1 Main St(\\n)+ATTENDEE:mailto:evil@example\.test$/);
    }
  });

  it('keeps names in parameters on their line, and drops other control characters', () => {
    const ics = invite({ organizer: 'Bistro\rUno', attendee: 'Ann\r\nMETHOD:CANCEL', summary: 'Visit\u0007: Bistro' });
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).toContain('ORGANIZER;CN=Bistro Uno:mailto:hello@comped.test');
    expect(ics).toContain('ATTENDEE;CN="Ann METHOD:CANCEL";');
    expect(ics.match(/^METHOD:/gm)).toHaveLength(1);
    expect(ics).toContain('SUMMARY:Visit: Bistro');
    expect(escapeText('a;b,c\\d')).toBe('a\\;b\\,c\\\\d');
  });
});
