import type { MediaType } from '@comped/shared/roles';
import type { CreatorResource } from '@comped/shared/schemas/directory';
import type { Reliability } from '@comped/shared/validation/visits';

import type { users } from '../../db/schema';
import { mediaUserSummary } from '../bookings/bookings.serializer';

type UserRow = typeof users.$inferSelect;

/** A directory card (decisions.md round 3): no e-mail, no bio, the reliability as `score`. */
export function toCreatorResource(u: UserRow, reliability: Reliability, visitsWithBrand: number): CreatorResource {
  const summary = mediaUserSummary(u);
  return {
    id: u.id,
    name: u.name,
    type: u.role as MediaType,
    tier: u.tier,
    location: u.location,
    profile_picture: summary.profile_picture,
    socialnetworks: summary.socialnetworks,
    reliability: { score: reliability.percent, visits: reliability.visits },
    visits_with_brand: visitsWithBrand,
  };
}
