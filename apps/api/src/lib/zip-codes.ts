import { ZIP_CODE } from '@comped/shared/limits';
import tzLookup from '@photostructure/tz-lookup';
import zipcodes from 'zipcodes';

/**
 * US ZIP codes, offline: the `zipcodes` package (ZIP -> coordinates, radius search) and
 * `@photostructure/tz-lookup` (coordinates -> IANA zone). No network, no API key.
 */
export function zipKnown(zip: string): boolean {
  const z = zipcodes.lookup(zip);
  return Boolean(z && z.country === 'US');
}

/** The ZIP codes within `miles` of `zip` (itself included), or null when the ZIP is unknown. */
export function zipsWithin(zip: string, miles: number): string[] | null {
  if (!zipKnown(zip)) return null;
  const near = zipcodes.radius(zip, miles) as (string | { zip: string })[];
  const list = near.map((z) => (typeof z === 'string' ? z : z.zip)).filter((z) => ZIP_CODE.test(z));
  return [...new Set([zip, ...list])];
}

/** The time zone of a US ZIP code, or null when the database does not know it. */
export function zoneOfZip(zip: string | null | undefined): string | null {
  if (!zip || !ZIP_CODE.test(zip)) return null;
  const z = zipcodes.lookup(zip);
  if (!z || z.country !== 'US') return null;
  try {
    return tzLookup(z.latitude, z.longitude);
  } catch {
    return null;
  }
}
