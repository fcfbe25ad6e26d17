import type { Role } from '../roles';
import { isMediaRole } from '../roles';
import type { SessionUser } from '../schemas/session';
import { sessionUserSchema } from '../schemas/session';

export type SessionUserOverrides = Partial<Omit<SessionUser, 'profile'>> & {
  profile?: Partial<SessionUser['profile']>;
};

/**
 * A signed-in user as `GET profile` answers it, for tests. Brands get one brand and an active plan;
 * media users get tier 1 and no plan; anything can be overridden. Parsed with the shared schema, so
 * a session in a test is always one the API could send.
 */
export function makeSessionUser(type: Role, overrides: SessionUserOverrides = {}): SessionUser {
  const brand = type === 'brands';
  const { profile, ...rest } = overrides;
  return sessionUserSchema.parse({
    id: 7,
    name: brand ? 'Owner' : 'Sam Media',
    email: `${type}@example.test`,
    profile_picture: null,
    must_change_password: false,
    current_subscription: brand ? { plan_id: 1, status: 'active' } : null,
    status: brand ? 'active' : 'inexistent',
    ...rest,
    profile: {
      type,
      tier_range: isMediaRole(type) ? 1 : null,
      bio: null,
      location: null,
      workplace: type === 'journalist' ? 'The Daily Test' : null,
      socialnetworks: [],
      brands: brand ? [{ id: 3, name: 'Bistro', logo: null }] : [],
      ...profile,
    },
  });
}
