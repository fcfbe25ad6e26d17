import type { BookingResource } from '@comped/shared/schemas/resources';
import { formatDay } from '@comped/shared/time';

/** "Wed, Jun 3, 2026" for a YYYY-MM-DD. */
export function formatDate(date: string): string {
  return formatDay(date);
}

export function formatUsd(dollars: number | null | undefined): string | null {
  return dollars === null || dollars === undefined ? null : `$${dollars}`;
}

/** Who on the brand's team last decided the booking (brand teams): "Accepted by Sam". */
export function decidedLabel(b: Pick<BookingResource, 'status' | 'checked_in_at'>): string {
  if (b.status === 'no_show') return 'Marked as no-show by';
  if (b.status === 'declined') return 'Declined by';
  if (b.checked_in_at) return 'Checked in by';
  return 'Accepted by';
}
