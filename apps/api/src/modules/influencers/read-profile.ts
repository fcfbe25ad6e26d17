import type { MediaProfileResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { users } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { reliabilityOf } from '../bookings/reliability';
import { readableProfile } from './influencers.policy';
import { toFullProfileResource, toPublicProfileResource } from './influencers.serializer';

/**
 * The user's own profile with its reliability, as GET answers it: the answer of a change (PUT, a
 * new picture) replaces what the web shows, so it must carry the same chips.
 */
export async function ownProfile(db: DbOrTx, user: typeof users.$inferSelect): Promise<MediaProfileResource> {
  const reliability = (await reliabilityOf(db, [user.id])).get(user.id);
  return { ...toFullProfileResource(user), reliability };
}

/** GET influencers/{id}: the profile as the viewer may read it (influencers.policy.ts). */
export async function readProfile(ctx: AppContext, viewer: AuthUser, id: number): Promise<MediaProfileResource> {
  const { user, view } = await readableProfile(ctx.db, viewer, id);
  const reliability = (await reliabilityOf(ctx.db, [user.id])).get(user.id);
  return { ...(view === 'full' ? toFullProfileResource(user) : toPublicProfileResource(user)), reliability };
}
