import { KIND_DATE, KIND_LABEL } from '@comped/shared/campaign-kinds';
import { wholeNumber } from '@comped/shared/intl-formats';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import type { CampaignStatus } from '@comped/shared/statuses';
import { formatDay } from '@comped/shared/time';
import { formatTime12 } from '@comped/shared/time';

/** "2030-06-15" -> "Jun 15, 2030". */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  return formatDay(date, { weekday: false });
}

/** Whole dollars -> "$50" (decisions.md: money in US dollars). */
export function formatDollars(amount: number): string {
  return `$${wholeNumber(amount)}`;
}

export function kindLabel(c: CampaignResource): string {
  return KIND_LABEL[c.attributes_type];
}

/** The kind's own date with its label ("Launch Date", "Opening Date", "Event Date"). */
export function mainDate(c: CampaignResource): { label: string; value: string } | null {
  const { field, label } = KIND_DATE[c.attributes_type];
  const value = c.attributes[field];
  return value ? { label, value: formatDate(value) } : null;
}

/** "7:00 PM - 11:00 PM" for events with times. */
export function timeRange(c: CampaignResource): string | null {
  const { from_time: from, to_time: to } = c.attributes;
  if (!from || !to) return null;
  return `${formatTime12(from)} - ${formatTime12(to)}`;
}

export const STATUS_LABEL: Record<CampaignStatus, string> = {
  draft: 'Draft',
  review: 'In review',
  approved: 'Approved',
  expired: 'Expired',
};

/** Chip colours chosen for contrast (AA) on both the chip and the card. */
export const STATUS_COLORS: Record<CampaignStatus, { bgcolor: string; color: string }> = {
  draft: { bgcolor: '#e5e7eb', color: '#374151' },
  review: { bgcolor: '#fef3c7', color: '#92400e' },
  approved: { bgcolor: '#dcfce7', color: '#166534' },
  expired: { bgcolor: '#f3f4f6', color: '#4b5563' },
};
