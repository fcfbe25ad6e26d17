import { dateTimeFormat } from './intl-formats';

/** Half-hour slots "00:00" .. "23:30" on the wire; "12:00 AM" .. "11:30 PM" on screen. */
export const HALF_HOUR_SLOTS: readonly string[] = Array.from({ length: 48 }, (_, i) => {
  const h = Math.floor(i / 2);
  const m = i % 2 === 0 ? '00' : '30';
  return `${String(h).padStart(2, '0')}:${m}`;
});

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_SHORT = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayShort = (typeof WEEKDAY_SHORT)[number];

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day that exists, in YYYY-MM-DD: 2027-02-30 and 2026-11-31 are not (Date.parse rolls them into
 * the next month, so it cannot tell). Every date on the wire is checked with this one rule.
 */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function formatTime12(hhmm: string): string {
  const [hStr, mStr] = hhmm.split(':');
  const h = Number(hStr);
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${mStr} ${suffix}`;
}

export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The months' names, January first. */
export const MONTH_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAY_LABEL = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const WEEKDAY_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/*
 * The day and time formats below are written out as Intl's en-US formats write them
 * (intl-formats.test.ts compares them over two years of days and every minute of a day): a page's
 * first Intl date formatter loads ICU's data, 190-200 ms in Chromium at 4x CPU slowdown (phone
 * speed), inside the task that renders the page's content. Intl stays where a time zone other than
 * the device's moves the day or the hour (localTime, the admin and insights pages).
 */

/**
 * A plain day (YYYY-MM-DD) for people: "Wed, Jun 3, 2026", or "Jun 3, 2026" without the weekday. No
 * time zone can move the day.
 */
export function formatDay(date: string, opts: { weekday?: boolean } = {}): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = `${MONTH_SHORT[m - 1]} ${d}, ${y}`;
  return opts.weekday === false ? day : `${WEEKDAY_LABEL[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${day}`;
}

/** A plain day at length: "Saturday, June 6, 2026" (mails, the media dashboard, the visit pass). */
export function formatLongDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_LONG[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${MONTH_LONG[m - 1]} ${d}, ${y}`;
}

/** "3:05 PM": the hour of an instant on the device's clock (its own time zone). */
export function clockTime(instant: Date): string {
  return formatTime12(`${instant.getHours()}:${String(instant.getMinutes()).padStart(2, '0')}`);
}

/** "Mon": the weekday of an instant on the device's calendar. */
export function weekdayShort(instant: Date): string {
  return WEEKDAY_LABEL[instant.getDay()]!;
}

/** "Jun 6": the day of an instant on the device's calendar. */
export function monthDay(instant: Date): string {
  return `${MONTH_SHORT[instant.getMonth()]} ${instant.getDate()}`;
}

/** "7:04 PM" at the location (its IANA zone): the check-in time on screen and in mails. */
export function localTime(instant: Date | string, timeZone: string): string {
  return dateTimeFormat({ timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(instant));
}

/** The date (YYYY-MM-DD) an instant falls on in an IANA zone. */
export function dayInZone(instant: Date | string, timeZone: string): string {
  const parts = dateTimeFormat({ timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    new Date(instant),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The instant of a wall-clock date and time (YYYY-MM-DD, HH:mm) at a place: its zone's offset at
 * that moment, read from Intl and read again once (the offset may change between the first guess
 * and the answer, on a day the clocks move). The API reads visit times with the Temporal polyfill
 * (ADR 009), too large for a page; the two agree on every time that exists at the place. A time the
 * clocks skip (02:30 on the spring change) may read an hour apart: only a place open through the
 * change has such a slot, and the page uses this for the cancel window's notice, not to decide.
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const format = dateTimeFormat({
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsetAt = (t: number) => {
    const p = Object.fromEntries(format.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
    const seen = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
    return seen - Math.floor(t / 1000) * 1000;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/** The day `days` after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Weeks run Monday to Sunday (bookings' weekly capacity, available hours, the booking form): the
 * place of a YYYY-MM-DD date in its week, 0 for Monday to 6 for Sunday (an index of WEEKDAYS).
 */
export function weekdayIndexOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The Monday of the week (Monday to Sunday) holding a YYYY-MM-DD date. */
export function weekStartOf(date: string): string {
  return addDays(date, -weekdayIndexOf(date));
}
