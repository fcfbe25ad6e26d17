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
const WEEKDAY_LABEL = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * A plain day (YYYY-MM-DD) for people: "Wed, Jun 3, 2026", or "Jun 3, 2026" without the weekday, as
 * Intl's en-US short format writes it (intl-formats.test.ts compares every day of two years). Written
 * out rather than through Intl: a page's first Intl formatter loads ICU's data, 35 ms of /campaigns'
 * start-up at phone speed before its first card could show its date. No time zone can move the day.
 */
export function formatDay(date: string, opts: { weekday?: boolean } = {}): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = `${MONTH_SHORT[m - 1]} ${d}, ${y}`;
  return opts.weekday === false ? day : `${WEEKDAY_LABEL[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${day}`;
}

/** A plain day at length: "Saturday, June 6, 2026" (mails, the media dashboard). No zone moves the day. */
export function formatLongDay(date: string): string {
  return dateTimeFormat({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** "7:04 PM" at the location (its IANA zone): the check-in time on screen and in mails. */
export function localTime(instant: Date | string, timeZone: string): string {
  return dateTimeFormat({ timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(instant));
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
