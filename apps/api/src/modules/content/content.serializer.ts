import type { ContentItemResource } from '@comped/shared/schemas/directory';

import type { contentItems } from '../../db/schema';

type ContentRow = typeof contentItems.$inferSelect;

export function toContentItemResource(
  row: ContentRow,
  creator: { id: number; name: string },
  campaign: { id: number; name: string },
): ContentItemResource {
  return {
    id: row.id,
    type: row.type,
    network: row.network,
    url: row.url,
    checked: row.checked,
    creator,
    campaign,
    booking_id: row.bookingId,
    delivered_at: row.deliveredAt.toISOString(),
    favourite: row.favourite,
    rights: row.rights ?? null,
  };
}
