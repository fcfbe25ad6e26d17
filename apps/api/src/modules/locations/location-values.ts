import { WEEKDAYS } from '@comped/shared/time';
import type { LocationOutput } from '@comped/shared/validation/location';

import { zoneOfZip } from '../../lib/zip-codes';

/** The stored columns of a location form; hours in week order whatever order the client sent. */
export function locationValues(body: LocationOutput, fallbackTimeZone: string, fallbackZip: string | null) {
  const zip = body.zip || fallbackZip;
  return {
    name: body.name,
    address: body.address,
    email: body.email,
    phone: body.phone,
    contact: body.contact,
    zip,
    // A zone the brand chose wins; else the ZIP's zone where the database knows it.
    timeZone: body.time_zone || zoneOfZip(zip) || fallbackTimeZone,
    hours: [...body.hours].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day)),
  };
}
