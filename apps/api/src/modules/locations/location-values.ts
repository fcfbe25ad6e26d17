import { MSG } from '@comped/shared/messages';
import { WEEKDAYS } from '@comped/shared/time';
import type { LocationOutput } from '@comped/shared/validation/location';

import { appError } from '../../lib/app-error';
import { zipKnown, zoneOfZip } from '../../lib/zip-codes';

/**
 * The stored columns of a location form; hours in week order whatever order the client sent. A ZIP
 * the offline US data does not know is refused (422 on `zip`): distance searches read a location's
 * ZIP, and one they cannot place would leave the location out of every "Near ZIP" without a word.
 */
export function locationValues(body: LocationOutput, fallbackTimeZone: string, fallbackZip: string | null) {
  if (body.zip && !zipKnown(body.zip)) {
    throw appError('validation_failed', { field: 'zip', message: MSG.zipCodeUnknown });
  }
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
