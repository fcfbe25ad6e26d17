import { formatDay, formatTime12 } from '@comped/shared/time';

/** "Tue, Mar 3, 2026" from YYYY-MM-DD, without shifting the day through a time zone. */
export function formatVisitDate(date: string): string {
  return formatDay(date);
}

export function formatVisit(date: string, time: string): string {
  return `${formatVisitDate(date)} at ${formatTime12(time)}`;
}
