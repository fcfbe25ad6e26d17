import type { LocationResource } from '@comped/shared/schemas/resources';
import type { locations } from '../../db/schema';

export function toLocationResource(row: typeof locations.$inferSelect): LocationResource {
  return {
    id: row.id,
    brand_id: row.brandId,
    name: row.name,
    address: row.address,
    email: row.email,
    phone: row.phone,
    contact: row.contact,
    time_zone: row.timeZone,
    hours: row.hours,
  };
}
