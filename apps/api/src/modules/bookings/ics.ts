/**
 * A calendar invitation (RFC 5545) for an accepted visit: CRLF line ends, lines folded at 75
 * octets, text values escaped, times in UTC so no VTIMEZONE block is needed.
 */
export interface VisitInvite {
  uid: string;
  stamp: Date;
  start: Date;
  durationMinutes: number;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** REQUEST (default) adds or updates the event; CANCEL makes calendars drop it (same UID, higher SEQUENCE). */
  method?: 'REQUEST' | 'CANCEL';
  sequence?: number;
}

export function utcStamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Control characters a TEXT or parameter value may not hold (RFC 5545 3.3.11): all but tab, CR, LF. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * A TEXT value: every line break, however written (CRLF, a lone CR, a lone LF), becomes the escaped
 * `\n`, so no value a brand or guest typed can end a line and start a property of its own (a lone
 * CR is a line end to lenient parsers); other control characters are dropped.
 */
export function escapeText(value: string): string {
  return value
    .replace(CONTROLS, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (a name after CN=): no line breaks or control characters, no quotes. */
export function escapeParam(value: string): string {
  const clean = value
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(CONTROLS, '')
    .replace(/"/g, "'");
  // Quoted when it holds : ; or , (parameter values cannot hold quotes).
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** Folds a content line into chunks of at most 75 octets, continuation lines starting with a space. */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74; // the leading space counts
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function visitInvite(v: VisitInvite): string {
  const end = new Date(v.start.getTime() + v.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Comped//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${v.method ?? 'REQUEST'}`,
    'BEGIN:VEVENT',
    `UID:${v.uid}`,
    `DTSTAMP:${utcStamp(v.stamp)}`,
    `DTSTART:${utcStamp(v.start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(v.summary)}`,
    `LOCATION:${escapeText(v.location)}`,
    `DESCRIPTION:${escapeText(v.description)}`,
    `ORGANIZER;CN=${escapeParam(v.organizer.name)}:mailto:${v.organizer.email}`,
    `ATTENDEE;CN=${escapeParam(v.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${v.attendee.email}`,
    v.method === 'CANCEL' ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    `SEQUENCE:${v.sequence ?? 0}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
