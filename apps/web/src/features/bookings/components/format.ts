/** "Wed, Jun 3, 2026" for a YYYY-MM-DD (a plain day: no time zone may shift it). */
export function formatDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

export function formatUsd(dollars: number | null | undefined): string | null {
  return dollars === null || dollars === undefined ? null : `$${dollars}`;
}
