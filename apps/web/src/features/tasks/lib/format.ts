import { formatTime12 } from '@comped/shared/time';

/** "Tue, Mar 3, 2026" from YYYY-MM-DD, without shifting the day through a time zone. */
export function formatVisitDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function formatVisit(date: string, time: string): string {
  return `${formatVisitDate(date)} at ${formatTime12(time)}`;
}
