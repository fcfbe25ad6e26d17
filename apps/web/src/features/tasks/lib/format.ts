import { formatDay, formatTime12 } from '@comped/shared/time';

export function formatVisit(date: string, time: string): string {
  return `${formatDay(date)} at ${formatTime12(time)}`;
}
