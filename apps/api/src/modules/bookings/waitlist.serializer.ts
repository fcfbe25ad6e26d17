import type { WaitlistEntryResource } from '@comped/shared/schemas/slots';

import type { waitlistEntries } from '../../db/schema';

type EntryRow = typeof waitlistEntries.$inferSelect;

/** A waitlist entry as its user sees it; an offer whose hold has lapsed reads as expired at once. */
export function toWaitlistEntryResource(
  row: EntryRow,
  campaign: { id: number; name: string },
  timeZone: string,
  now: Date,
): WaitlistEntryResource {
  const lapsed = row.status === 'offered' && (!row.holdUntil || row.holdUntil.getTime() <= now.getTime());
  const status = lapsed ? 'expired' : row.status;
  return {
    id: row.id,
    campaign,
    location_id: row.locationId,
    date: row.date,
    status,
    hold_until: status === 'offered' ? (row.holdUntil?.toISOString() ?? null) : null,
    time_zone: timeZone,
  };
}
