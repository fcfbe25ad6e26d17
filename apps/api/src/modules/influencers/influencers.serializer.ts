import type { MediaProfileResource } from '@comped/shared/schemas/resources';

import { users } from '../../db/schema';
import { mediaUserSummary } from '../bookings/bookings.serializer';

type UserRow = typeof users.$inferSelect;

export function toFullProfileResource(u: UserRow): MediaProfileResource {
  return { ...mediaUserSummary(u), email: u.email, press_places: u.pressPlaces, directory_listed: u.directoryListed };
}

/** What a brand sees: no e-mail. */
export function toPublicProfileResource(u: UserRow): MediaProfileResource {
  return { ...mediaUserSummary(u), press_places: u.pressPlaces };
}
