import { formatDay } from '@comped/shared/time';

/** "Wed, Jun 3, 2026" for a YYYY-MM-DD. */
export function formatDate(date: string): string {
  return formatDay(date);
}

export function formatUsd(dollars: number | null | undefined): string | null {
  return dollars === null || dollars === undefined ? null : `$${dollars}`;
}
