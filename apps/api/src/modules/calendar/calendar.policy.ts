import type { Role } from '@comped/shared/roles';
import { isMediaRole } from '@comped/shared/roles';
import type { SQL } from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';

import { bookings, brandMembers, brands } from '../../db/schema';

/** The roles that have a calendar feed: `GET calendar-feed` answers 403 to the others. */
export const FEED_ROLES = ['influencer', 'journalist', 'brands'] as const satisfies readonly Role[];

/**
 * Whose bookings a user's calendar feed shows (decisions.md, "Calendar feeds"), as a condition on
 * `bookings`: a media user their own visits, a brand owner every booking of their brands. Null: the
 * user has no feed (staff). Brand teams extend this one function: a manager the brand's bookings, a
 * host those of their locations.
 */
export function feedBookingsOf(user: { id: number; role: Role }): SQL | null {
  if (isMediaRole(user.role)) return eq(bookings.userId, user.id);
  if (user.role === 'brands') {
    // The owner and managers: the brand's bookings; a host: those of their locations (brand teams).
    return sql`(${bookings.brandId} in (select ${brands.id} from ${brands} where ${brands.ownerId} = ${user.id})
      or exists (select 1 from ${brandMembers} m where m.user_id = ${user.id} and m.accepted_at is not null
        and m.brand_id = ${bookings.brandId}
        and (m.role = 'manager' or m.location_ids @> to_jsonb(${bookings.locationId}))))`;
  }
  return null;
}
