import { dateTimeFormat } from '@comped/shared/intl-formats';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { localTime } from '@comped/shared/time';

/** "Mon, Jun 8, 7:04 PM" in the location's zone. */
export function localDateTime(iso: string, timeZone: string): string {
  return dateTimeFormat({
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(iso));
}

/** "Checked in at 7:04 PM" (both sides). */
export function checkedInLabel(b: Pick<BookingResource, 'checked_in_at' | 'location'>): string {
  return b.checked_in_at ? `Checked in at ${localTime(b.checked_in_at, b.location.time_zone)}` : '';
}
