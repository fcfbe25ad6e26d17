import type { MediaProfileResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import type { AuthUser } from '../../plugins/auth';
import { reliabilityOf } from '../bookings/reliability';
import { readableProfile } from './influencers.policy';
import { toFullProfileResource, toPublicProfileResource } from './influencers.serializer';

/** GET influencers/{id}: the profile as the viewer may read it (influencers.policy.ts). */
export async function readProfile(ctx: AppContext, viewer: AuthUser, id: number): Promise<MediaProfileResource> {
  const { user, view } = await readableProfile(ctx.db, viewer, id);
  const reliability = (await reliabilityOf(ctx.db, [user.id])).get(user.id);
  return { ...(view === 'full' ? toFullProfileResource(user) : toPublicProfileResource(user)), reliability };
}
