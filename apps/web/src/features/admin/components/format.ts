import { dateTimeFormat } from '@comped/shared/intl-formats';

/** "Mar 2, 2026, 10:05 AM" in the viewer's zone (decisions.md: 12-hour times). */
export function formatDateTime(iso: string): string {
  return dateTimeFormat({
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
