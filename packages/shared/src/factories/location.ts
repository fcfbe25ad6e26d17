import type { LocationResource } from '../schemas/resources';
import { locationResourceSchema } from '../schemas/resources';

/** Downtown, location 11 of brand 3, open for dinner Tuesday to Saturday; checked by the shared schema. */
export function makeLocation(over: Partial<LocationResource> = {}): LocationResource {
  return locationResourceSchema.parse({
    id: 11,
    brand_id: 3,
    name: 'Downtown',
    address: '12 Harbor St, New York, NY',
    email: 'downtown@bistro-uno.test',
    phone: '+1 212 555 0100',
    contact: 'Maria Rossi',
    zip: '10004',
    time_zone: 'America/New_York',
    hours: (['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const).map((day) => ({
      day,
      start_time: '17:00',
      end_time: '22:30',
    })),
    ...over,
  });
}
