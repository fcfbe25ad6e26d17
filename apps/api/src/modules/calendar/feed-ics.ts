import { escapeText, foldLine, utcStamp } from '../bookings/ics';

/**
 * One visit in a calendar feed. The UID and SEQUENCE are those of the invitation mailed for the
 * visit (bookings.mails.ts `acceptedInvite`), so a calendar that has both keeps one event.
 */
export interface FeedEvent {
  uid: string;
  sequence: number;
  /** When the visit's details last changed. */
  stamp: Date;
  start: Date;
  durationMinutes: number;
  summary: string;
  location: string;
  description: string;
  /** The app page of the visit. */
  url: string;
  cancelled: boolean;
}

/** The UID of a visit's calendar event, the same in the mailed invitation and in every feed. */
export const visitUid = (bookingId: number) => `booking-${bookingId}@comped.app`;

/** Visits last 90 minutes in calendars, as in the mailed invitation. */
export const VISIT_MINUTES = 90;

/**
 * A published calendar (RFC 5545, METHOD:PUBLISH) of visits: CRLF line ends, lines folded at 75
 * octets, every text value escaped by ics.ts (no value can end a line and start a property), times
 * in UTC so no VTIMEZONE is needed (the venue's zone is named in the description). RFC 7986's
 * REFRESH-INTERVAL and the common X-PUBLISHED-TTL ask subscribers to look again every hour.
 */
export function calendarFeed(name: string, events: FeedEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Comped//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(name)}`,
    `X-WR-CALNAME:${escapeText(name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const e of events) {
    const end = new Date(e.start.getTime() + e.durationMinutes * 60_000);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `SEQUENCE:${e.sequence}`,
      `DTSTAMP:${utcStamp(e.stamp)}`,
      `DTSTART:${utcStamp(e.start)}`,
      `DTEND:${utcStamp(end)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `LOCATION:${escapeText(e.location)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `URL:${e.url}`,
      e.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
      e.cancelled ? 'TRANSP:TRANSPARENT' : 'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
