import type { LocationResource } from '@comped/shared/schemas/resources';

import { locations } from '../../db/schema';

/** A location as the API sends it (inside a brand and from the locations routes). */
export function toLocationResource(row: typeof locations.$inferSelect): LocationResource {
  return {
    id: row.id,
    brand_id: row.brandId,
    name: row.name,
    address: row.address,
    email: row.email,
    phone: row.phone,
    contact: row.contact,
    zip: row.zip,
    time_zone: row.timeZone,
    hours: row.hours,
  };
}
